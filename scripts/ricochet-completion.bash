# SPDX-License-Identifier: MIT
# Bash completion for ricochet(1): commands, each command's options and their values, and file names. The commands and
# options are read from the tool's own help (`ricochet --help`, `ricochet help COMMAND`, which print the option tables
# the parser uses), so completion never falls behind the tool. After an option: its choices when the help lists them
# (`--operator gr|gs`), directories for a DIR, file names for a FILE or CHECKPOINT, nothing for a number. Elsewhere:
# file names (scenes, trajectories, tables). `make install` puts it in share/bash-completion/completions/ricochet,
# where bash-completion loads it the first time `ricochet` is completed; or source this file.

# OPTION of COMMAND as its help page shows it, "NAME VALUE" ("--out DIR", "--operator gr|gs"), or "NAME " for a flag:
# the part of the line before the two spaces that start the help text, without the ", -o" of a short letter.
_ricochet_option_line() {
    "$1" help "$2" 2>/dev/null | awk -v option="$3" '/^  --/ {
        head = substr($0, 3); cut = index(head, "  "); if (cut) head = substr(head, 1, cut - 1)
        sub(/, -.$/, "", head); split(head, part, " ")
        if (part[1] == option) { print part[1], part[2]; exit }
    }'
}

# The commands `ricochet --help` lists.
_ricochet_commands() {
    "$1" --help 2>/dev/null | awk '/^commands:/ {on = 1; next} on && /^  [a-z]/ {print $1} /^$/ && on {on = 0}'
}

_ricochet() {
    local tool=${1:-ricochet} current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD - 1]}
    local command=${COMP_WORDS[1]}
    COMPREPLY=()
    if [ "$COMP_CWORD" -eq 1 ]; then
        local commands
        commands=$(_ricochet_commands "$tool")
        mapfile -t COMPREPLY < <(compgen -W "$commands --help --version" -- "$current")
        return
    fi
    if [ "$command" = help ]; then
        [ "$COMP_CWORD" -eq 2 ] || return
        local commands
        commands=$(_ricochet_commands "$tool")
        mapfile -t COMPREPLY < <(compgen -W "$commands observables" -- "$current")
        return
    fi
    case $previous in
    --*)
        local line value
        line=$(_ricochet_option_line "$tool" "$command" "$previous")
        value=${line#* }
        if [ -n "$line" ] && [ "$value" != "$line" ] && [ -n "$value" ]; then
            case $value in
            *'|'*) mapfile -t COMPREPLY < <(compgen -W "${value//|/ }" -- "$current") ;;
            DIR) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$current") ;;
            FILE | CHECKPOINT) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$current") ;;
            esac
            return
        fi
        ;;
    esac
    if [[ $current == -* ]]; then
        local options
        options=$("$tool" help "$command" 2>/dev/null | awk '/^  --/ {sub(/,$/, "", $1); print $1}')
        mapfile -t COMPREPLY < <(compgen -W "$options" -- "$current")
        return
    fi
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$current")
}

complete -F _ricochet ricochet
