# What Sandmark needs to build, found in one place. Every component the product promises is required: when one
# is missing, configure stops and names the package that provides it (Debian/Ubuntu and Homebrew), so no
# machine ever builds a lesser app silently. Optional parts are listed in the summary printed at the end.
# scripts/bootstrap installs every package named here.

set(SANDMARK_FEATURE_SUMMARY "")

# sandmark_require(<what> DEBIAN <packages> BREW <formulae> FOUND <variable> FIND <find_package arguments>)
# Calls find_package(<FIND arguments>) and stops configure when <FOUND> is false afterwards. Macros, not functions:
# what find_package sets must stay visible to the rest of the build.
macro(sandmark_require what)
  cmake_parse_arguments(arg "" "FOUND" "DEBIAN;BREW;FIND" ${ARGN})
  find_package(${arg_FIND})
  if(NOT ${arg_FOUND})
    if(APPLE)
      set(fix "brew install ${arg_BREW}")
    else()
      list(JOIN arg_DEBIAN " " pkgs)
      set(fix "sudo apt install ${pkgs} (scripts/bootstrap installs what this names)")
    endif()
    message(FATAL_ERROR "Sandmark needs ${what}, which was not found: ${fix}")
  endif()
  string(APPEND SANDMARK_FEATURE_SUMMARY "  ${what}: found (required)\n")
endmacro()

# sandmark_optional(<what> FOUND <variable> ELSE <what is used instead> FIND <find_package arguments>)
macro(sandmark_optional what)
  cmake_parse_arguments(arg "" "FOUND;ELSE" "FIND" ${ARGN})
  find_package(${arg_FIND} QUIET)
  if(${arg_FOUND})
    set(line "found (optional)")
  else()
    set(line "not found (optional; ${arg_ELSE})")
  endif()
  string(APPEND SANDMARK_FEATURE_SUMMARY "  ${what}: ${line}\n")
endmacro()

sandmark_require("Qt 6.4 (Core, Network, Sql)" DEBIAN qt6-base-dev BREW qt FOUND Qt6_FOUND
  FIND Qt6 6.4 COMPONENTS Core Network Sql)
sandmark_require("nlohmann_json 3.10" DEBIAN nlohmann-json3-dev BREW nlohmann-json FOUND nlohmann_json_FOUND
  FIND nlohmann_json 3.10 CONFIG)
sandmark_require("QtKeychain for Qt 6" DEBIAN qtkeychain-qt6-dev BREW qtkeychain FOUND Qt6Keychain_FOUND
  FIND Qt6Keychain CONFIG)
# LMS zip imports (batch/lmsimport). On macOS brew's libarchive is keg-only: -DCMAKE_PREFIX_PATH=$(brew --prefix libarchive)
sandmark_require("libarchive 3.3" DEBIAN libarchive-dev BREW libarchive FOUND LibArchive_FOUND
  FIND LibArchive 3.3)
# Otter Assign master notebooks (assignment/otter_import): their ASSIGNMENT CONFIG, question and test configs are YAML.
sandmark_require("yaml-cpp 0.6" DEBIAN libyaml-cpp-dev BREW yaml-cpp FOUND yaml-cpp_FOUND
  FIND yaml-cpp 0.6 CONFIG)
if(SANDMARK_BUILD_GUI)
  sandmark_require("Qt 6.4 Widgets and Concurrent" DEBIAN qt6-base-dev BREW qt FOUND Qt6Widgets_FOUND
    FIND Qt6 6.4 COMPONENTS Gui Widgets Concurrent)
  # Qt6Charts' CMake package needs Qt6OpenGL's (libqt6opengl6-dev), which qt6-charts-dev only recommends.
  sandmark_require("Qt 6.4 Charts (the Results page)" DEBIAN qt6-charts-dev libqt6opengl6-dev BREW qt
    FOUND Qt6Charts_FOUND FIND Qt6 6.4 COMPONENTS Charts)
  sandmark_require("Qt 6.4 Linguist tools (translations)" DEBIAN qt6-tools-dev qt6-l10n-tools BREW qt
    FOUND Qt6LinguistTools_FOUND FIND Qt6 6.4 COMPONENTS LinguistTools)
  sandmark_optional("KF6 SyntaxHighlighting (needs Qt 6.5)" FOUND KF6SyntaxHighlighting_FOUND
    ELSE "the built-in Python highlighter is used" FIND KF6SyntaxHighlighting CONFIG)
endif()
if(SANDMARK_BUILD_TESTS)
  sandmark_require("Qt 6.4 Test" DEBIAN qt6-base-dev BREW qt FOUND Qt6Test_FOUND FIND Qt6 6.4 COMPONENTS Test)
endif()

message(STATUS "Sandmark ${PROJECT_VERSION} configuration (GUI ${SANDMARK_BUILD_GUI}, tests ${SANDMARK_BUILD_TESTS}):\n${SANDMARK_FEATURE_SUMMARY}")
