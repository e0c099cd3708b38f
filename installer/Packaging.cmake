# CPack: a Debian package (dependencies computed from the executables by dpkg-shlibdeps,
# plus what they load at run time) and a .tar.gz of the same files.
#   cmake --build build && (cd build && cpack)   ->  amp-workbench_VERSION_ARCH.deb, .tar.gz
set(CPACK_PACKAGE_NAME amp-workbench)
set(CPACK_PACKAGE_VENDOR "AMP Workbench developers")
set(CPACK_PACKAGE_CONTACT "AMP Workbench developers <dev@amp-workbench.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "mixed-precision training workbench for ResNet-18")
set(CPACK_PACKAGE_DESCRIPTION
    "AMP Workbench shows what automatic mixed precision (AMP) buys when training an
image classifier. It trains torchvision's ResNet-18 in FP32 or AMP (bf16, or
fp16 with dynamic loss scaling, on the CPU), streams loss,
loss scale, step time and memory into live charts, runs FP32 and AMP with the
same seed and data and compares them in a table, classifies images on the CPU
and exports models to torchvision state dicts and ONNX.

The package holds the window (amp-workbench) and its command-line twin
(amp-workbench-cli), in English and Simplified Chinese, with the CPU part of
PyTorch's libtorch 2.11 they run on.")
set(CPACK_PACKAGE_CHECKSUM SHA256)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE) # GPL-3.0-or-later; the .deb names it in its copyright file
set(CPACK_GENERATOR DEB TGZ)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_FILE_NAME ${CPACK_PACKAGE_NAME}_${PROJECT_VERSION}_${CMAKE_SYSTEM_PROCESSOR})

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The CPU package: everything but the CUDA part, which is installed only on request (libtorch_cuda alone is
# ~440 MB, and the CUDA libraries it needs several GB). Its bundled libtorch libraries are found by
# dpkg-shlibdeps in the package's private folder.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS /usr/lib/amp-workbench)
# The default dataset, and a font for the Chinese window.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "dataset-fashion-mnist, fonts-noto-cjk")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "qt6-translations-l10n")

include(CPack)
