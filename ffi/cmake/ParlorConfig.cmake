# CMake package configuration of Parlor (the C ABI of the Parlor rules engine).
#
# Installed as <prefix>/share/parlor/cmake/ParlorConfig.cmake by `cargo cinstall` (parlor-ffi's
# [package.metadata.capi]) or by scripts/install-c. Use:
#
#     find_package(Parlor 0.1 CONFIG REQUIRED)      # CMAKE_PREFIX_PATH=<prefix> if not a system prefix
#     target_link_libraries(app PRIVATE Parlor::parlor)
#
# Targets:
#   Parlor::parlor_shared  the shared library (libparlor.so.0 / libparlor.0.dylib), if installed
#   Parlor::parlor_static  the static library libparlor.a with the system libraries Rust's
#                          standard library needs (`rustc --print native-static-libs`)
#   Parlor::parlor         the shared one, or the static one when PARLOR_USE_STATIC_LIBS is ON
#                          (or when only the static library is installed)
# The include directory holds parlor.h. Relocatable: paths are found from this file's place.

cmake_minimum_required(VERSION 3.14)

get_filename_component(_parlor_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(_parlor_libdirs "${_parlor_prefix}/lib" "${_parlor_prefix}/lib64")
if(CMAKE_LIBRARY_ARCHITECTURE)
  list(APPEND _parlor_libdirs "${_parlor_prefix}/lib/${CMAKE_LIBRARY_ARCHITECTURE}")
endif()

find_path(Parlor_INCLUDE_DIR parlor.h PATHS "${_parlor_prefix}/include" NO_DEFAULT_PATH)
find_library(Parlor_STATIC_LIBRARY NAMES libparlor.a parlor.lib PATHS ${_parlor_libdirs} NO_DEFAULT_PATH)
if(APPLE)
  set(_parlor_shared_names libparlor.0.dylib libparlor.dylib)
elseif(WIN32)
  set(_parlor_shared_names parlor.dll.lib)
else()
  set(_parlor_shared_names libparlor.so.0 libparlor.so)
endif()
find_library(Parlor_SHARED_LIBRARY NAMES ${_parlor_shared_names} PATHS ${_parlor_libdirs} NO_DEFAULT_PATH)

set(Parlor_FOUND FALSE)
if(NOT Parlor_INCLUDE_DIR)
  set(Parlor_NOT_FOUND_MESSAGE "parlor.h not found under ${_parlor_prefix}/include")
elseif(NOT Parlor_STATIC_LIBRARY AND NOT Parlor_SHARED_LIBRARY)
  set(Parlor_NOT_FOUND_MESSAGE "libparlor not found in ${_parlor_libdirs}")
else()
  set(Parlor_FOUND TRUE)
endif()

if(Parlor_FOUND AND Parlor_STATIC_LIBRARY AND NOT TARGET Parlor::parlor_static)
  # What Rust's standard library needs from the system (rustc --print native-static-libs).
  if(APPLE)
    set(_parlor_native System c m)
  elseif(WIN32)
    set(_parlor_native kernel32 advapi32 ntdll userenv ws2_32 synchronization)
  else()
    set(_parlor_native gcc_s util rt pthread m dl c)
  endif()
  add_library(Parlor::parlor_static STATIC IMPORTED)
  set_target_properties(Parlor::parlor_static PROPERTIES
    IMPORTED_LOCATION "${Parlor_STATIC_LIBRARY}"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "${Parlor_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "${_parlor_native}")
endif()

if(Parlor_FOUND AND Parlor_SHARED_LIBRARY AND NOT TARGET Parlor::parlor_shared)
  add_library(Parlor::parlor_shared SHARED IMPORTED)
  set_target_properties(Parlor::parlor_shared PROPERTIES
    IMPORTED_LOCATION "${Parlor_SHARED_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${Parlor_INCLUDE_DIR}")
  if(NOT APPLE AND NOT WIN32)
    set_target_properties(Parlor::parlor_shared PROPERTIES IMPORTED_SONAME "libparlor.so.0")
  endif()
endif()

if(Parlor_FOUND AND NOT TARGET Parlor::parlor)
  add_library(Parlor::parlor INTERFACE IMPORTED)
  if(TARGET Parlor::parlor_shared AND NOT PARLOR_USE_STATIC_LIBS)
    set_target_properties(Parlor::parlor PROPERTIES INTERFACE_LINK_LIBRARIES Parlor::parlor_shared)
  elseif(TARGET Parlor::parlor_static)
    set_target_properties(Parlor::parlor PROPERTIES INTERFACE_LINK_LIBRARIES Parlor::parlor_static)
  else()
    set(Parlor_FOUND FALSE)
    set(Parlor_NOT_FOUND_MESSAGE "PARLOR_USE_STATIC_LIBS is ON but libparlor.a is not installed")
  endif()
endif()

unset(_parlor_prefix)
unset(_parlor_libdirs)
unset(_parlor_shared_names)
unset(_parlor_native)
