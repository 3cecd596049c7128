# Install layout, desktop integration and CPack (DEB, RPM, DragNDrop), in one place.
# Included from the top-level CMakeLists.txt before the source folders, which use the layout variables.
# Packaging files themselves live in packaging/ (linux/, macos/, debian/); docs/packaging.md explains them.
#
# Components: `sandmark-cli` (the CLI, the Python runtime, the example assignment, man page, completion) and
# `sandmark` (the GUI and its desktop integration), which depends on `sandmark-cli`. A TA's server installs
# only the CLI package.

# Reverse-DNS id of the application: desktop file, AppStream id, icon and MIME file names.
set(SANDMARK_APP_ID "invalid.sandmark.Sandmark" CACHE STRING "Application id (desktop file, AppStream, icons)")
set(SANDMARK_MAINTAINER "Sandmark maintainers <maintainers@sandmark.invalid>")
set(SANDMARK_PACKAGING_DIR ${PROJECT_SOURCE_DIR}/packaging)

# Directories are 0755 whatever the umask of the person building the package (lintian checks this).
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
  OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

# Where things go. Linux/Unix: <prefix>/bin and <prefix>/share/sandmark (paths::dataDir() finds it as
# bin/../share/sandmark). macOS: both executables inside Sandmark.app/Contents/MacOS, the data in
# Contents/Resources/sandmark, so the bundle is self-contained and macdeployqt fixes both executables.
if(APPLE)
  set(SANDMARK_BUNDLE_NAME "Sandmark")
  set(SANDMARK_INSTALL_CLI_BINDIR ${SANDMARK_BUNDLE_NAME}.app/Contents/MacOS)
  set(SANDMARK_INSTALL_DATADIR ${SANDMARK_BUNDLE_NAME}.app/Contents/Resources/sandmark)
else()
  set(SANDMARK_INSTALL_CLI_BINDIR ${CMAKE_INSTALL_BINDIR})
  set(SANDMARK_INSTALL_DATADIR ${SANDMARK_DATA_SUBDIR})
endif()

# macOS app bundle properties of the GUI target (called from src/app/CMakeLists.txt under if(APPLE)).
# packaging/macos/Info.plist.in uses the MACOSX_BUNDLE_* properties set here; tests/packaging/
# test_macos_plist.cmake configures the same template on Linux so it cannot rot unnoticed.
function(sandmark_macos_bundle target)
  set(icns ${SANDMARK_PACKAGING_DIR}/macos/sandmark.icns)
  target_sources(${target} PRIVATE ${icns})
  set_source_files_properties(${icns} PROPERTIES MACOSX_PACKAGE_LOCATION Resources)
  set_target_properties(${target} PROPERTIES
    MACOSX_BUNDLE ON
    OUTPUT_NAME ${SANDMARK_BUNDLE_NAME}
    MACOSX_BUNDLE_INFO_PLIST ${SANDMARK_PACKAGING_DIR}/macos/Info.plist.in
    MACOSX_BUNDLE_BUNDLE_NAME ${SANDMARK_BUNDLE_NAME}
    MACOSX_BUNDLE_EXECUTABLE_NAME ${SANDMARK_BUNDLE_NAME}
    MACOSX_BUNDLE_GUI_IDENTIFIER ${SANDMARK_APP_ID}
    MACOSX_BUNDLE_ICON_FILE sandmark.icns
    MACOSX_BUNDLE_BUNDLE_VERSION ${PROJECT_VERSION}
    MACOSX_BUNDLE_SHORT_VERSION_STRING ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}.${PROJECT_VERSION_PATCH}
    MACOSX_BUNDLE_COPYRIGHT "Sandmark contributors")
endfunction()

# ---- Files that are not targets --------------------------------------------------------------------------

# The user guide (Help → User Guide reads it from paths::dataDir()/doc): README.md and docs/*.md with the
# screenshots they show, in the source's layout so that their relative links hold. The build tree gets a copy.
file(GLOB sandmark_docs CONFIGURE_DEPENDS RELATIVE ${PROJECT_SOURCE_DIR}
  ${PROJECT_SOURCE_DIR}/docs/*.md ${PROJECT_SOURCE_DIR}/docs/screenshots/*.png)
set(sandmark_doc_copies)
foreach(f IN ITEMS README.md ${sandmark_docs})
  set(dst ${SANDMARK_BUILD_DATA_DIR}/doc/${f})
  add_custom_command(OUTPUT ${dst}
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${PROJECT_SOURCE_DIR}/${f} ${dst}
    DEPENDS ${PROJECT_SOURCE_DIR}/${f} VERBATIM)
  list(APPEND sandmark_doc_copies ${dst})
  get_filename_component(dir ${f} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/${f} DESTINATION ${SANDMARK_INSTALL_DATADIR}/doc/${dir} COMPONENT sandmark)
endforeach()
add_custom_target(sandmark_user_guide ALL DEPENDS ${sandmark_doc_copies})

# The example assignment: `sandmark-cli validate <prefix>/share/sandmark/examples/iris` works after install.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/iris
  DESTINATION ${SANDMARK_INSTALL_DATADIR}/examples COMPONENT sandmark-cli)

if(UNIX AND NOT APPLE)
  set(linux ${SANDMARK_PACKAGING_DIR}/linux)
  set(gen ${PROJECT_BINARY_DIR}/packaging)
  find_program(SANDMARK_GZIP gzip REQUIRED)

  # Man pages and Debian changelogs are installed gzip'd with -9n (reproducible, Debian policy 12.1).
  set(gz_outputs)
  function(sandmark_gzip src dst)
    add_custom_command(OUTPUT ${dst}
      COMMAND ${SANDMARK_GZIP} -9nc ${src} > ${dst}
      DEPENDS ${src} VERBATIM)
    set(gz_outputs ${gz_outputs} ${dst} PARENT_SCOPE)
  endfunction()

  sandmark_gzip(${linux}/sandmark-cli.1 ${gen}/sandmark-cli.1.gz)
  sandmark_gzip(${linux}/sandmark.1 ${gen}/sandmark.1.gz)

  # A Debian changelog per binary package, carrying the version from git.
  string(TIMESTAMP changelog_date "%a, %d %b %Y %H:%M:%S +0000" UTC) # honours SOURCE_DATE_EPOCH
  string(TIMESTAMP SANDMARK_RELEASE_DATE "%Y-%m-%d" UTC)
  foreach(pkg sandmark sandmark-cli)
    set(SANDMARK_DEB_PACKAGE ${pkg})
    set(SANDMARK_CHANGELOG_DATE ${changelog_date})
    configure_file(${SANDMARK_PACKAGING_DIR}/debian/changelog.in ${gen}/${pkg}/changelog.Debian @ONLY)
    sandmark_gzip(${gen}/${pkg}/changelog.Debian ${gen}/${pkg}/changelog.Debian.gz)
    install(FILES ${gen}/${pkg}/changelog.Debian.gz ${SANDMARK_PACKAGING_DIR}/debian/copyright
      DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/${pkg} COMPONENT ${pkg})
  endforeach()
  add_custom_target(sandmark_packaging_files ALL DEPENDS ${gz_outputs})

  # CLI: man page and bash completion (bash-completion loads it on demand by the command's name).
  install(FILES ${gen}/sandmark-cli.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT sandmark-cli)
  install(FILES ${linux}/sandmark-cli.bash-completion
    DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME sandmark-cli
    COMPONENT sandmark-cli)

  # GUI: man page, desktop file, AppStream metainfo, MIME types, hicolor icons.
  install(FILES ${gen}/sandmark.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT sandmark)
  configure_file(${linux}/sandmark.desktop.in ${gen}/${SANDMARK_APP_ID}.desktop @ONLY)
  configure_file(${linux}/sandmark.metainfo.xml.in ${gen}/${SANDMARK_APP_ID}.metainfo.xml @ONLY)
  configure_file(${linux}/sandmark-mime.xml.in ${gen}/${SANDMARK_APP_ID}.xml @ONLY)
  install(FILES ${gen}/${SANDMARK_APP_ID}.desktop
    DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT sandmark)
  install(FILES ${gen}/${SANDMARK_APP_ID}.metainfo.xml
    DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo COMPONENT sandmark)
  install(FILES ${gen}/${SANDMARK_APP_ID}.xml
    DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages COMPONENT sandmark)
  install(FILES ${linux}/icons/sandmark.svg
    DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME ${SANDMARK_APP_ID}.svg
    COMPONENT sandmark)
  foreach(size 16 22 24 32 48 64 128 256 512)
    install(FILES ${linux}/icons/sandmark-${size}.png
      DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps RENAME ${SANDMARK_APP_ID}.png
      COMPONENT sandmark)
  endforeach()
endif()

# Translations (.qm): installed by src/gui/CMakeLists.txt into ${SANDMARK_INSTALL_DATADIR}/translations (GUI).

# ---- macOS: deploy Qt into the bundle --------------------------------------------------------------------
if(APPLE AND SANDMARK_BUILD_GUI)
  find_program(SANDMARK_MACDEPLOYQT macdeployqt HINTS ${QT6_INSTALL_PREFIX}/bin ${Qt6_DIR}/../../../bin)
  if(SANDMARK_MACDEPLOYQT)
    # Runs at install time (and so inside cpack): copies the Qt frameworks and plugins into the bundle and
    # rewrites both executables' library paths. -executable: sandmark-cli shares the bundle's frameworks.
    install(CODE "
      set(bundle \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${SANDMARK_BUNDLE_NAME}.app\")
      execute_process(COMMAND \"${SANDMARK_MACDEPLOYQT}\" \"\${bundle}\" -verbose=1
        \"-executable=\${bundle}/Contents/MacOS/sandmark-cli\" COMMAND_ERROR_IS_FATAL ANY)
      " COMPONENT sandmark)
  else()
    message(WARNING "macdeployqt not found: the installed app bundle will use the Qt of this machine")
  endif()
endif()

# ---- CPack ----------------------------------------------------------------------------------------------
set(CPACK_PACKAGE_NAME "sandmark")
set(CPACK_PACKAGE_VENDOR "Sandmark contributors")
set(CPACK_PACKAGE_CONTACT ${SANDMARK_MAINTAINER})
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY ${PROJECT_DESCRIPTION})
set(CPACK_PACKAGE_HOMEPAGE_URL ${PROJECT_HOMEPAGE_URL})
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)
set(CPACK_PACKAGE_INSTALL_DIRECTORY "Sandmark")
set(CPACK_STRIP_FILES ON)
configure_file(${SANDMARK_PACKAGING_DIR}/cpack-options.cmake.in ${PROJECT_BINARY_DIR}/CPackOptions.cmake @ONLY)
set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_BINARY_DIR}/CPackOptions.cmake)
set(CPACK_COMPONENTS_ALL sandmark-cli)
if(SANDMARK_BUILD_GUI)
  list(APPEND CPACK_COMPONENTS_ALL sandmark)
endif()
if(NOT CPACK_GENERATOR)
  if(APPLE)
    set(CPACK_GENERATOR DragNDrop)
  else()
    set(CPACK_GENERATOR DEB RPM)
  endif()
endif()

# Extended descriptions, wrapped below 80 columns (Debian policy 3.4.1; lintian checks the line length).
string(CONCAT cli_description
  "Sandmark grades Python notebook assignments: it runs each submission in a\n"
  "local sandbox (bubblewrap or Docker), probes the variables named by the\n"
  "assignment's checks, compares them with the instructor's reference run and\n"
  "records scores.\n"
  "This package holds the command-line tool sandmark-cli, its Python runtime\n"
  "and an example assignment.")
string(CONCAT gui_description
  "Sandmark grades Python notebook assignments in a local sandbox.\n"
  "This package holds the desktop application for authoring assignments,\n"
  "trial grading and reviewing results; the grading itself is done by the\n"
  "sandmark-cli package.")

# Hardening of release builds, as Debian's dpkg-buildflags would add it (lintian checks for it):
# fortified libc calls (needs optimisation, hence not Debug), full RELRO with immediate binding.
if(CMAKE_SYSTEM_NAME STREQUAL "Linux" AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  # Debug builds stay as they are (no rebuild of everyone's dev tree, no fortify-without-optimisation warning).
  set(release_only "$<NOT:$<CONFIG:Debug>>")
  add_compile_definitions($<${release_only}:_FORTIFY_SOURCE=2>)
  add_compile_options($<${release_only}:-fstack-protector-strong>)
  add_link_options($<${release_only}:LINKER:-z,relro> $<${release_only}:LINKER:-z,now>)
endif()

# Debian. One .deb per component; shlibdeps finds the Qt libraries; plugins and helper programs it cannot
# see are listed by hand. The names by hand are the same on Debian 12 and Ubuntu 24.04; the library names
# shlibdeps writes are the build machine's (Ubuntu's t64 renames: docs/packaging.md).
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${SANDMARK_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_SANDMARK-CLI_PACKAGE_NAME sandmark-cli)
set(CPACK_DEBIAN_SANDMARK-CLI_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_SANDMARK-CLI_DESCRIPTION "${PROJECT_DESCRIPTION} (command line)\n${cli_description}")
# python3 runs the helper scripts outside the sandbox; the SQLite driver is a plug-in shlibdeps cannot see.
set(CPACK_DEBIAN_SANDMARK-CLI_PACKAGE_DEPENDS "bubblewrap, python3, libqt6sql6-sqlite")
set(CPACK_DEBIAN_SANDMARK-CLI_PACKAGE_RECOMMENDS "python3-nbclient, python3-ipykernel, docker.io")
set(CPACK_DEBIAN_SANDMARK_PACKAGE_NAME sandmark)
set(CPACK_DEBIAN_SANDMARK_PACKAGE_SECTION education)
set(CPACK_DEBIAN_SANDMARK_DESCRIPTION "${PROJECT_DESCRIPTION} (desktop app)\n${gui_description}")
set(CPACK_DEBIAN_SANDMARK_PACKAGE_RECOMMENDS "qt6-wayland, qt6-translations-l10n")

# RPM. Same split; rpmbuild's automatic Requires find the Qt libraries.
set(CPACK_RPM_COMPONENT_INSTALL ON)
set(CPACK_RPM_FILE_NAME RPM-DEFAULT)
set(CPACK_RPM_PACKAGE_RELEASE 1)
set(CPACK_RPM_PACKAGE_LICENSE "Unspecified")
set(CPACK_RPM_PACKAGE_URL ${PROJECT_HOMEPAGE_URL})
set(CPACK_RPM_PACKAGE_AUTOREQ ON)
set(CPACK_RPM_SANDMARK-CLI_PACKAGE_NAME sandmark-cli)
set(CPACK_RPM_SANDMARK-CLI_PACKAGE_SUMMARY "${PROJECT_DESCRIPTION} (command line)")
set(CPACK_RPM_SANDMARK-CLI_PACKAGE_DESCRIPTION ${cli_description})
set(CPACK_RPM_SANDMARK-CLI_PACKAGE_GROUP "Applications/Engineering")
set(CPACK_RPM_SANDMARK-CLI_PACKAGE_REQUIRES "bubblewrap, python3")
# Weak dependencies: CPack 3.25 has no Recommends variable, so the tag goes in through the spec's extra lines
# (both packages run sandboxes: the app needs sandmark-cli anyway). Podman is the container engine of Fedora
# and RHEL, where Docker is not packaged; docs/packaging.md lists what else to install beside the RPM.
set(CPACK_RPM_SPEC_MORE_DEFINE "Recommends: podman")
set(CPACK_RPM_SANDMARK_PACKAGE_NAME sandmark)
set(CPACK_RPM_SANDMARK_PACKAGE_SUMMARY "${PROJECT_DESCRIPTION} (desktop app)")
set(CPACK_RPM_SANDMARK_PACKAGE_DESCRIPTION ${gui_description})
set(CPACK_RPM_SANDMARK_PACKAGE_GROUP "Applications/Engineering")
# CPack RPM does not turn component dependencies into Requires (the DEB generator does).
set(CPACK_RPM_SANDMARK_PACKAGE_REQUIRES "sandmark-cli = ${PROJECT_VERSION}-${CPACK_RPM_PACKAGE_RELEASE}")
# System directories the packages put files into but must not own.
set(CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
  /usr/share/applications /usr/share/metainfo /usr/share/mime /usr/share/mime/packages
  /usr/share/bash-completion /usr/share/bash-completion/completions /usr/share/icons
  /usr/share/icons/hicolor /usr/share/icons/hicolor/scalable /usr/share/icons/hicolor/scalable/apps
  /usr/share/man /usr/share/man/man1 /usr/share/doc)
foreach(size 16 22 24 32 48 64 128 256 512)
  list(APPEND CPACK_RPM_EXCLUDE_FROM_AUTO_FILELIST_ADDITION
    /usr/share/icons/hicolor/${size}x${size} /usr/share/icons/hicolor/${size}x${size}/apps)
endforeach()

# macOS DragNDrop (DMG): one image holding Sandmark.app (with sandmark-cli inside) and an /Applications link.
set(CPACK_DMG_VOLUME_NAME "Sandmark ${PROJECT_VERSION}")
set(CPACK_DMG_FORMAT UDBZ)

include(CPack)

cpack_add_component(sandmark-cli
  DISPLAY_NAME "Sandmark command line"
  DESCRIPTION "sandmark-cli, the Python runtime and the example assignment")
if(SANDMARK_BUILD_GUI)
  cpack_add_component(sandmark
    DISPLAY_NAME "Sandmark desktop app"
    DESCRIPTION "The desktop application and its desktop integration"
    DEPENDS sandmark-cli)
endif()
