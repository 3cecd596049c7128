# The version comes from git: the closest "vX.Y.Z" tag, else 0.1.0.
# The commit count since the tag becomes the fourth component so that
# packages built from main sort after the release they follow.
function(sandmark_version_from_git out_var)
  set(version "0.1.0")
  find_package(Git QUIET)
  if(GIT_FOUND AND EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/.git")
    execute_process(
      COMMAND ${GIT_EXECUTABLE} describe --tags --match "v[0-9]*" --long
      WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
      OUTPUT_VARIABLE described OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
      RESULT_VARIABLE rc)
    if(rc EQUAL 0 AND described MATCHES "^v([0-9]+\\.[0-9]+\\.[0-9]+)-([0-9]+)-")
      set(version "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
    else()
      execute_process(
        COMMAND ${GIT_EXECUTABLE} rev-list --count HEAD
        WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
        OUTPUT_VARIABLE count OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
        RESULT_VARIABLE rc)
      if(rc EQUAL 0 AND count MATCHES "^[0-9]+$")
        set(version "0.1.0.${count}")
      endif()
    endif()
  endif()
  set(${out_var} ${version} PARENT_SCOPE)
endfunction()
