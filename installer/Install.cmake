# Install rules besides the executables (app/cli and app/gui install those): on Linux the
# desktop entry, AppStream metadata, icons, man pages, label lists, the user guide and the
# Debian copyright and changelog; on Windows and macOS Qt's deployment script, which copies
# the Qt libraries and plugins next to the window (untested here, see docs/user-guide).
include(GNUInstallDirs)

set(AMPWB_APP_ID io.github.ampworkbench.AmpWorkbench)
set(AMPWB_INSTALL_DOCDIR ${CMAKE_INSTALL_DATADIR}/doc/amp-workbench)
set(AMPWB_STAGING_DIR ${PROJECT_BINARY_DIR}/installer)
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

if(AMPWB_BUILD_GUI AND (WIN32 OR APPLE))
    set_target_properties(amp-workbench PROPERTIES WIN32_EXECUTABLE ON MACOSX_BUNDLE ON)
    qt_generate_deploy_app_script(TARGET amp-workbench FILENAME_VARIABLE AMPWB_DEPLOY_SCRIPT
                                  NO_UNSUPPORTED_PLATFORM_ERROR)
    install(SCRIPT ${AMPWB_DEPLOY_SCRIPT})
endif()
if(NOT UNIX OR APPLE)
    return()
endif()

# libtorch travels with the programs: the libraries of the torch wheel they need (libtorch_cpu, libc10, the
# wheel's libgomp, and the CUDA runtime and CUPTI, which libtorch_cpu's profiler links) go to PREFIX/lib/amp-workbench,
# the programs' one search path. Qt, OpenCV and the rest come from the system. The CUDA part (libampwb_cuda.so and
# libtorch_cuda) is the "cuda" component, installed only when asked for (`cmake --install build --component cuda`)
# and left out of the Debian package (docs/user-guide/README.md, "CUDA").
# The search path is relative ($ORIGIN), so the programs find it under any prefix (Debian allows $ORIGIN).
set(AMPWB_PRIVATE_LIBDIR lib/amp-workbench) # where system/CudaSupport also looks for the CUDA part
set_property(TARGET amp-workbench-cli PROPERTY INSTALL_RPATH "$ORIGIN/../${AMPWB_PRIVATE_LIBDIR}")
if(AMPWB_BUILD_GUI)
    set_property(TARGET amp-workbench PROPERTY INSTALL_RPATH "$ORIGIN/../${AMPWB_PRIVATE_LIBDIR}")
endif()
get_filename_component(AMPWB_WHEEL_SITE ${TORCH_INSTALL_PREFIX} DIRECTORY)
install(RUNTIME_DEPENDENCY_SET ampwb_libtorch
        DIRECTORIES ${TORCH_INSTALL_PREFIX}/lib ${AMPWB_WHEEL_SITE}/nvidia/cu13/lib
        POST_INCLUDE_REGEXES "^${TORCH_INSTALL_PREFIX}/" "^${AMPWB_WHEEL_SITE}/nvidia/"
        POST_EXCLUDE_REGEXES ".*"
        DESTINATION ${AMPWB_PRIVATE_LIBDIR})
# The wheel's libraries keep their symbol tables; a stripping install (cpack, `cmake --install --strip`) drops them.
install(CODE "
    if(CMAKE_INSTALL_DO_STRIP)
        file(GLOB ampwb_libraries \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${AMPWB_PRIVATE_LIBDIR}/*.so*\")
        foreach(library IN LISTS ampwb_libraries)
            execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-unneeded \"\${library}\" COMMAND_ERROR_IS_FATAL ANY)
        endforeach()
    endif()")
if(TARGET ampwb_cuda)
    set_property(TARGET ampwb_cuda PROPERTY INSTALL_RPATH "$ORIGIN")
    install(TARGETS ampwb_cuda LIBRARY DESTINATION ${AMPWB_PRIVATE_LIBDIR} COMPONENT cuda EXCLUDE_FROM_ALL)
    install(FILES ${TORCH_INSTALL_PREFIX}/lib/libtorch_cuda.so ${TORCH_INSTALL_PREFIX}/lib/libc10_cuda.so
            DESTINATION ${AMPWB_PRIVATE_LIBDIR} COMPONENT cuda EXCLUDE_FROM_ALL)
endif()

# Debian wants man pages and the changelog compressed with gzip -9n (no name, no time stamp).
find_program(AMPWB_GZIP gzip REQUIRED)
set(AMPWB_GENERATED_FILES)
function(ampwb_gzip source staged)
    configure_file(${source} ${staged} @ONLY)
    add_custom_command(OUTPUT ${staged}.gz
        COMMAND ${AMPWB_GZIP} -9 -n -k -f ${staged}
        DEPENDS ${staged} VERBATIM)
    set(AMPWB_GENERATED_FILES ${AMPWB_GENERATED_FILES} ${staged}.gz PARENT_SCOPE)
endfunction()

set(AMPWB_MAN_PAGES amp-workbench-cli)
if(AMPWB_BUILD_GUI)
    list(APPEND AMPWB_MAN_PAGES amp-workbench)
endif()
foreach(page IN LISTS AMPWB_MAN_PAGES)
    ampwb_gzip(${CMAKE_CURRENT_LIST_DIR}/man/${page}.1.in ${AMPWB_STAGING_DIR}/man/${page}.1)
    install(FILES ${AMPWB_STAGING_DIR}/man/${page}.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endforeach()
ampwb_gzip(${CMAKE_CURRENT_LIST_DIR}/debian/changelog ${AMPWB_STAGING_DIR}/changelog)
install(FILES ${AMPWB_STAGING_DIR}/changelog.gz ${CMAKE_CURRENT_LIST_DIR}/debian/copyright
        DESTINATION ${AMPWB_INSTALL_DOCDIR})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/labels/ DESTINATION ${CMAKE_INSTALL_DATADIR}/amp-workbench/labels)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/user-guide ${PROJECT_SOURCE_DIR}/docs/screenshots
        DESTINATION ${AMPWB_INSTALL_DOCDIR})
install(FILES ${PROJECT_SOURCE_DIR}/docs/classify.md ${PROJECT_SOURCE_DIR}/docs/troubleshooting.md
        DESTINATION ${AMPWB_INSTALL_DOCDIR})

if(AMPWB_BUILD_GUI)
    set(AMPWB_ICON ${PROJECT_SOURCE_DIR}/resources/icons/amp-workbench.svg)
    find_program(AMPWB_RSVG_CONVERT rsvg-convert REQUIRED) # Debian package librsvg2-bin
    foreach(size 16 24 32 48 64 128 256 512)
        set(png ${AMPWB_STAGING_DIR}/icons/${size}x${size}/${AMPWB_APP_ID}.png)
        add_custom_command(OUTPUT ${png}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${AMPWB_STAGING_DIR}/icons/${size}x${size}
            COMMAND ${AMPWB_RSVG_CONVERT} --width ${size} --height ${size} --output ${png} ${AMPWB_ICON}
            DEPENDS ${AMPWB_ICON} VERBATIM)
        list(APPEND AMPWB_GENERATED_FILES ${png})
        install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
    endforeach()
    install(FILES ${AMPWB_ICON} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps
            RENAME ${AMPWB_APP_ID}.svg)
    install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/${AMPWB_APP_ID}.desktop
            DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
    install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/${AMPWB_APP_ID}.metainfo.xml
            DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
endif()
add_custom_target(ampwb_install_files ALL DEPENDS ${AMPWB_GENERATED_FILES})
