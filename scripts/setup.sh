#!/usr/bin/env bash
# Installs the Debian 12 packages contactlab needs to build and test. Idempotent, non-interactive;
# run as root (or with sudo available). Safe to run again: installed packages are skipped.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config git
  libeigen3-dev libtet1.5-dev libtbb-dev libqhull-dev
  libgmp-dev  # exact rational arithmetic of the geometry tests (convex intersection brute force)
  libfmt-dev libcli11-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcairo2-dev fonts-dejavu-core  # the assessment report's plots (SVG and PNG) and their font
  libfcl-dev  # bench/methods_bench (side by side with FCL) and the fcl peer; optional for the library
  libbullet-dev libode-dev  # the bullet and ode peers of `contactlab assess --peers` (docs/peers.md); optional
  libfclib-dev  # FCLIB (HDF5) export and import of contact problems (io/fclib.h, simulate --export-fclib)
  libsiconos-numerics-dev  # bench/solver_bench: Siconos numerics' fc3d solvers beside ours; optional
  clang-format  # the code style check (scripts/check_format.sh, .clang-format)
  chromium
)
# Node.js and npm build the viewer (viewer/); a machine that has them already keeps its own.
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

install_viewer_packages() {  # the viewer's npm packages, exactly as locked
  local viewer
  viewer="$(dirname "$0")/../viewer"
  [[ -f $viewer/package-lock.json ]] || return 0
  if [[ ! -d $viewer/node_modules || $viewer/package-lock.json -nt $viewer/node_modules ]]; then
    echo "setup: npm ci in viewer/"
    (cd "$viewer" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages already installed"
  install_viewer_packages
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup: run as root (missing: ${missing[*]})" >&2; exit 1; }
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
echo "setup: installing ${missing[*]}"
if ! $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"; then
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
install_viewer_packages
