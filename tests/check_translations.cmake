# Fails when a .ts file has an unfinished, obsolete or empty translation, or when the sources hold a tr()
# string the .ts lacks: lupdate is run on a copy of the .ts (the file itself is never changed), and the copy
# must be complete too. `cmake --build --preset dev --target update_translations` refreshes the real file.
# Usage: cmake -DTS=file.ts [-DLUPDATE=lupdate -DSOURCES=list-file -DWORK=dir [-DLUPDATE_OPTIONS=-pluralonly]]
#        -P check_translations.cmake
function(check_ts ts what)
  file(READ "${ts}" content)
  string(REGEX MATCHALL "type=\"(unfinished|vanished|obsolete)\"" bad "${content}")
  string(REGEX MATCHALL "<translation></translation>|<translation/>|<numerusform></numerusform>" empty "${content}")
  list(LENGTH bad nbad)
  list(LENGTH empty nempty)
  if(nbad GREATER 0 OR nempty GREATER 0)
    # Name the first few messages that need work.
    string(REGEX MATCHALL "<source>[^<]*</source>[^<]*(<oldsource>[^<]*</oldsource>[^<]*)?(<comment>[^<]*</comment>[^<]*)?<translation type=\"unfinished\"" todo "${content}")
    list(SUBLIST todo 0 10 todo)
    list(JOIN todo "\n  " todo)
    message(FATAL_ERROR "${what}: ${nbad} unfinished/obsolete and ${nempty} empty translation(s)\n  ${todo}")
  endif()
  string(REGEX MATCHALL "<source>" sources "${content}")
  list(LENGTH sources n)
  message(STATUS "${what}: ${n} messages, all translated")
endfunction()

check_ts("${TS}" "${TS}")
if(LUPDATE AND SOURCES)
  get_filename_component(name "${TS}" NAME)
  file(MAKE_DIRECTORY "${WORK}")
  file(COPY_FILE "${TS}" "${WORK}/${name}")
  execute_process(COMMAND "${LUPDATE}" -silent ${LUPDATE_OPTIONS} -no-obsolete -locations none "@${SOURCES}" -ts "${WORK}/${name}"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lupdate failed (${rc}) on a copy of ${TS}")
  endif()
  check_ts("${WORK}/${name}" "${TS} against the sources (run the update_translations target, then translate)")
endif()
