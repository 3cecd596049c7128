# Keeps the macOS bundle path from rotting on Linux: configures packaging/macos/Info.plist.in the way CMake
# does for a MACOSX_BUNDLE target, checks that every ${MACOSX_BUNDLE_*} the template uses is a property
# sandmark_macos_bundle() sets, and that the result is a valid property list with the expected keys.
# Usage: cmake -DSOURCE_DIR=... -DBINARY_DIR=... -DPYTHON=/usr/bin/python3 -P test_macos_plist.cmake
cmake_minimum_required(VERSION 3.25)
foreach(v SOURCE_DIR BINARY_DIR PYTHON)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "define ${v}")
  endif()
endforeach()

set(template ${SOURCE_DIR}/packaging/macos/Info.plist.in)
file(READ ${template} text)
file(READ ${SOURCE_DIR}/cmake/Packaging.cmake packaging)
string(REGEX MATCHALL "\\$\\{MACOSX_BUNDLE_[A-Z_]+\\}" used "${text}")
list(REMOVE_DUPLICATES used)
foreach(ref IN LISTS used)
  string(REGEX REPLACE "^\\$\\{(.*)\\}$" "\\1" name "${ref}")
  if(NOT name STREQUAL "MACOSX_BUNDLE_EXECUTABLE_NAME" AND NOT packaging MATCHES "\n *${name} ")
    message(FATAL_ERROR "${template} uses ${name}, which sandmark_macos_bundle() does not set")
  endif()
  set(${name} "value-of-${name}")
endforeach()
if(NOT packaging MATCHES "sandmark\\.icns" OR NOT EXISTS ${SOURCE_DIR}/packaging/macos/sandmark.icns)
  message(FATAL_ERROR "packaging/macos/sandmark.icns is missing or not used")
endif()

set(out ${BINARY_DIR}/Info.plist)
configure_file(${template} ${out})
file(READ ${out} result)
if(result MATCHES "\\$\\{|@[A-Z_]+@")
  message(FATAL_ERROR "${out}: unreplaced variables remain")
endif()

execute_process(
  COMMAND ${PYTHON} -c [=[
import plistlib, sys
p = plistlib.load(open(sys.argv[1], "rb"))
need = ["CFBundleExecutable", "CFBundleIdentifier", "CFBundleIconFile", "CFBundleShortVersionString",
        "CFBundleVersion", "CFBundlePackageType", "CFBundleDocumentTypes"]
missing = [k for k in need if k not in p]
if missing:
    sys.exit("missing keys: " + ", ".join(missing))
if p["CFBundlePackageType"] != "APPL":
    sys.exit("CFBundlePackageType is not APPL")
exts = [e for t in p["CFBundleDocumentTypes"] for e in t.get("CFBundleTypeExtensions", [])]
if "ipynb" not in exts:
    sys.exit("no document type for .ipynb")
print("Info.plist ok:", len(p), "keys")
]=] ${out}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${out} is not a valid Info.plist")
endif()

# The .icns must be a well-formed icon family (header length = file size) holding a 512 px or larger image.
execute_process(
  COMMAND ${PYTHON} -c [=[
import struct, sys
data = open(sys.argv[1], "rb").read()
if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
    sys.exit("bad icns header")
pos, types = 8, []
while pos < len(data):
    t, n = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
    if n < 8 or pos + n > len(data):
        sys.exit("bad element length")
    types.append(t.decode())
    pos += n
if not {"ic09", "ic10"} & set(types):
    sys.exit("no 512 px image")
print("icns ok:", " ".join(types))
]=] ${SOURCE_DIR}/packaging/macos/sandmark.icns
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "packaging/macos/sandmark.icns is broken")
endif()
