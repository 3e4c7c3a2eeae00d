# Precompiled headers for every Sluice library and tool: one precompiled
# cmake/SluicePrecompiledHeader.h per build tree (target sluice-pch), reused
# by each target whose sources compile with the same flags (REUSE_FROM needs
# that: clang refuses a precompiled header built with other macros). Most of
# a Sluice translation unit's compile time is spent parsing MLIR's headers;
# with them parsed once, a cold build of build/ (and of build-asan/) takes
# about half the time. -DSLUICE_PRECOMPILED_HEADERS=OFF builds without.
option(SLUICE_PRECOMPILED_HEADERS
  "Precompile the MLIR/LLVM headers every Sluice translation unit parses" ON)

if(SLUICE_PRECOMPILED_HEADERS)
  add_library(sluice-pch OBJECT ${PROJECT_SOURCE_DIR}/cmake/SluicePrecompiledHeader.cpp)
  set_target_properties(sluice-pch PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # The flags add_mlir_library gives its objects (-fno-exceptions, ...):
  # clang refuses a precompiled header built with other language options.
  llvm_update_compile_flags(sluice-pch)
  # Without a timestamp in it, ccache can cache the precompiled header.
  target_compile_options(sluice-pch PRIVATE
    $<$<CXX_COMPILER_ID:Clang>:-Xclang -fno-pch-timestamp>)
  target_precompile_headers(sluice-pch PRIVATE
    ${PROJECT_SOURCE_DIR}/cmake/SluicePrecompiledHeader.h)
endif()

# sluice_collect_targets(DIR OUT): the build-system targets defined in DIR and
# the directories below it.
function(sluice_collect_targets dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir IN LISTS subdirs)
    sluice_collect_targets(${subdir} below)
    list(APPEND targets ${below})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

# sluice_use_precompiled_headers(DIR...): every C++ library and executable
# under DIR uses sluice-pch, except those whose flags differ from the
# libraries' (their own compile definitions, linked GoogleTest, Python
# modules, the generated protobuf code): they parse the headers themselves.
function(sluice_use_precompiled_headers)
  if(NOT SLUICE_PRECOMPILED_HEADERS)
    return()
  endif()
  foreach(dir IN LISTS ARGN)
    sluice_collect_targets(${dir} targets)
    foreach(target IN LISTS targets)
      get_target_property(type ${target} TYPE)
      if(NOT type MATCHES "^(OBJECT_LIBRARY|STATIC_LIBRARY|EXECUTABLE)$")
        continue()
      endif()
      get_target_property(sources ${target} SOURCES)
      list(FILTER sources INCLUDE REGEX "\\.cpp$")
      get_target_property(definitions ${target} COMPILE_DEFINITIONS)
      get_target_property(links ${target} LINK_LIBRARIES)
      get_target_property(opted_out ${target} SLUICE_NO_PRECOMPILED_HEADERS)
      if(NOT sources OR definitions OR opted_out OR
         "${links}" MATCHES "GTest|pybind11|protobuf::")
        continue()
      endif()
      target_precompile_headers(${target} REUSE_FROM sluice-pch)
      # A source with macros of its own parses the headers itself.
      get_target_property(source_dir ${target} SOURCE_DIR)
      foreach(source IN LISTS sources)
        get_source_file_property(own ${source} DIRECTORY ${source_dir}
          COMPILE_DEFINITIONS)
        if(own)
          set_source_files_properties(${source} DIRECTORY ${source_dir}
            PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
        endif()
      endforeach()
    endforeach()
  endforeach()
endfunction()
