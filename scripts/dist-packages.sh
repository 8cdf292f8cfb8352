#!/usr/bin/env bash
# Writes the CMake config packages (lib/cmake/<pkg>/) and pkg-config files (lib/pkgconfig/)
# of a ferrocm install prefix, from the templates in dist-templates/. scripts/dist.sh runs it
# on dist/ after copying the libraries and headers in.
#
# A package is written only when what it describes is in the prefix (its library in lib/,
# its headers in include/), so that libraries other work adds to dist.sh get their packages
# as soon as they are copied there.
#
# Usage: scripts/dist-packages.sh PREFIX
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:?usage: scripts/dist-packages.sh PREFIX}
templates=dist-templates
cmake_dir="$prefix/lib/cmake"
pc_dir="$prefix/lib/pkgconfig"
mkdir -p "$cmake_dir" "$pc_dir"

# Fills @KEY@ placeholders: fill TEMPLATE OUTPUT KEY=VALUE...
fill() {
  local template=$1 output=$2
  shift 2
  local args=()
  for kv in "$@"; do
    local key=${kv%%=*} value=${kv#*=}
    value=${value//\\/\\\\}
    value=${value//|/\\|}
    value=${value//&/\\&}
    value=${value//$'\n'/\\n}
    args+=(-e "s|@${key}@|${value}|g")
  done
  mkdir -p "$(dirname "$output")"
  sed -e 's|@@@@||' "${args[@]}" "$template" >"$output"
}

version_file() { # version_file PACKAGE VERSION
  fill "$templates/cmake/package-config-version.cmake.in" \
    "$cmake_dir/$1/$1-config-version.cmake" PACKAGE="$1" VERSION="$2" VERSION_MAJOR="${2%%.*}"
}

# HIP: the version is hipconfig's.
hip_version=$("$prefix/bin/hipconfig" --version)
hip_version=${hip_version%%-*}
IFS=. read -r hip_major hip_minor hip_patch <<<"$hip_version"
fill "$templates/cmake/hip-config.cmake.in" "$cmake_dir/hip/hip-config.cmake" \
  HIP_VERSION="$hip_version" HIP_VERSION_MAJOR="$hip_major" HIP_VERSION_MINOR="$hip_minor" \
  HIP_VERSION_PATCH="$hip_patch"
version_file hip "$hip_version"
# CMake's HIP language looks for lib/cmake/hip-lang/hip-lang-config.cmake under the ROCm root,
# and takes a compiler not named hipcc that identifies as Clang: bin/amdclang++ is hipcc under
# ROCm's name for its clang, with clang++ as its default host compiler (docs/TOOLS.md).
ln -sf hipcc "$prefix/bin/amdclang++"
fill "$templates/cmake/hip-lang-config.cmake.in" "$cmake_dir/hip-lang/hip-lang-config.cmake"
version_file hip-lang "$hip_version"

pc() { # pc NAME VERSION DESCRIPTION REQUIRES LIBS [CFLAGS]
  fill "$templates/pkgconfig/library.pc.in" "$pc_dir/$1.pc" NAME="$1" PREFIX='${pcfiledir}/../..' \
    VERSION="$2" DESCRIPTION="$3" REQUIRES="$4" LIBS="$5" CFLAGS="${6:-}"
}
pc hip "$hip_version" "HIP runtime" "" '-L${libdir} -lamdhip64 -Wl,-rpath,${libdir}'
pc amdhip64 "$hip_version" "HIP runtime" "" '-L${libdir} -lamdhip64 -Wl,-rpath,${libdir}'

# The libraries: package, version (ROCm's for the API level ferrocm implements, what
# `find_package(<pkg> <version>)` in user projects asks for), imported target, library file
# ("" for header-only), header directory, CMake dependencies, other targets it links, extra
# target aliases, and the pkg-config name and dependencies.
#   package            version  target                                          library              headers                 depends          links        pc name               pc requires
libraries=(
  "hsa-runtime64       1.14.0   hsa-runtime64::hsa-runtime64                    libhsa-runtime64.so  hsa                     -                -            hsa-runtime64         -"
  "hiprtc              $hip_version hiprtc::hiprtc                             libhiprtc.so         hip                     hip              hip::host    hiprtc                hip"
  "rocblas             4.3.0    roc::rocblas                                    librocblas.so        rocblas                 hip              hip::host    rocblas               hip"
  "hipblas             2.3.0    roc::hipblas                                    libhipblas.so        hipblas                 hip;rocblas      roc::rocblas hipblas               hip,rocblas"
  "rocfft              1.0.31   roc::rocfft                                     librocfft.so         rocfft                  hip              hip::host    rocfft                hip"
  "hipfft              1.0.17   hip::hipfft                                     libhipfft.so         hipfft                  hip;rocfft       roc::rocfft  hipfft                hip,rocfft"
  "rocrand             3.2.0    roc::rocrand                                    librocrand.so        rocrand                 hip              hip::host    rocrand               hip"
  "hiprand             2.11.1   hip::hiprand                                    libhiprand.so        hiprand                 hip;rocrand      roc::rocrand hiprand               hip,rocrand"
  "rocprim             3.3.0    roc::rocprim                                    -                    rocprim                 hip              hip::device  rocprim               hip"
  "hipcub              3.3.0    hip::hipcub                                     -                    hipcub                  hip;rocprim      roc::rocprim hipcub                hip,rocprim"
  "rocthrust           3.3.0    roc::rocthrust                                  -                    thrust                  hip;rocprim      roc::rocprim rocthrust             hip,rocprim"
  "rocprofiler-sdk-roctx 1.0.0  rocprofiler-sdk-roctx::rocprofiler-sdk-roctx    libroctx64.so        rocprofiler-sdk-roctx   -                -            roctx64               -"
  "amd_smi             24.7.0   amd_smi                                         libamd_smi.so        amd_smi                 -                -            amd_smi               -"
  "rocm_smi            7.4.0    rocm_smi64                                      librocm_smi64.so     rocm_smi                -                -            rocm_smi64            -"
)
# Targets under a second name (ROCm exports both): "package target alias".
aliases=(
  "rocprim roc::rocprim roc::rocprim_hip"
  "rocm_smi rocm_smi64 rocm_smi::rocm_smi64"
  "amd_smi amd_smi amd_smi::amd_smi"
)

written=()
for line in "${libraries[@]}"; do
  read -r package version target library headers depends links pcname pcrequires <<<"$line"
  [ "$library" = - ] && library=
  [ "$depends" = - ] && depends=
  [ "$links" = - ] && links=
  [ "$pcrequires" = - ] && pcrequires=
  # Present? The headers always; the library unless header-only.
  [ -d "$prefix/include/$headers" ] || continue
  if [ -n "$library" ] && [ ! -e "$prefix/lib/$library" ]; then continue; fi
  id=${package//-/_}
  alias_lines=
  for a in "${aliases[@]}"; do
    read -r apkg atarget aname <<<"$a"
    if [ "$apkg" = "$package" ]; then
      alias_lines+="if(NOT TARGET $aname)"$'\n'"  add_library($aname INTERFACE IMPORTED)"$'\n'
      alias_lines+="  set_target_properties($aname PROPERTIES INTERFACE_LINK_LIBRARIES $atarget)"$'\n'"endif()"$'\n'
    fi
  done
  # include/<headers>/ on the include path too, except hip/ (the HIP runtime's, hiprtc's).
  extra_include="\"\${_ferrocm_${id}_prefix}/include/$headers\""
  extra_cflags=" -I\${includedir}/$headers"
  if [ "$headers" = hip ]; then extra_include=; extra_cflags=; fi
  fill "$templates/cmake/library-config.cmake.in" "$cmake_dir/$package/$package-config.cmake" \
    PACKAGE="$package" ID="$id" TARGET="$target" LIBRARY="$library" EXTRA_INCLUDE="$extra_include" \
    DEPENDS="$depends" LINKS="$links" VERSION="$version" ALIASES="$alias_lines"
  version_file "$package" "$version"
  if [ -n "$library" ]; then
    lib=${library#lib}
    libs="-L\${libdir} -l${lib%.so} -Wl,-rpath,\${libdir}"
  else
    libs=
  fi
  pc "$pcname" "$version" "$package" "${pcrequires//,/, }" "$libs" "$extra_cflags"
  written+=("$package")
done
echo "CMake packages: hip hip-lang ${written[*]}"
