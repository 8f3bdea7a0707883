# SPDX-License-Identifier: MIT
# Writes OUTPUT (a C header) with RC_GIT_COMMIT: the checkout's commit (git describe --always --dirty), or "" when
# the source is not a git checkout or git is missing. Run at every build; the header is rewritten only when the
# commit changed, so an unchanged checkout rebuilds nothing.
execute_process(COMMAND git -C "${SOURCE_DIR}" describe --always --dirty --abbrev=12 --exclude "*"
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
if(failed)
  set(commit "")
endif()
file(WRITE "${OUTPUT}.new" "/* Written by cmake/git_commit.cmake at build time. */\n#define RC_GIT_COMMIT \"${commit}\"\n")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
