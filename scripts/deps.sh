#!/usr/bin/env bash
# Installs the Debian packages a make target needs, only when missing, and
# says what it does. Usage: scripts/deps.sh run|test|web|blender
set -euo pipefail

want=()
case "${1:-}" in
  run)  want=(libx11-6 libxrandr2 libxcursor1 libxinerama1 libxi6 libgl1 libegl1 libxxf86vm1) ;;
  test) want=(libx11-6 libxrandr2 libxcursor1 libxinerama1 libxi6 libgl1 libegl1 libxxf86vm1 xvfb xauth xdotool) ;;
  web)  want=(chromium nodejs npm) ;;
  # make blendercheck: Debian's Blender (3.4.1 on Debian 12) runs the
  # checks in checks/blender headless; its glTF add-on needs numpy.
  blender) want=(blender python3-numpy) ;;
  *) echo "usage: $0 run|test|web|blender" >&2; exit 2 ;;
esac

if ! command -v go >/dev/null 2>&1; then
  echo "deps: Go is not on PATH; skewlab needs Go 1.26 or later (https://go.dev/dl/)" >&2
  exit 1
fi

missing=()
for p in "${want[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    # nodejs/npm may come from elsewhere than Debian; a working command is enough.
    case "$p" in
      nodejs) command -v node >/dev/null 2>&1 && continue ;;
      npm) command -v npm >/dev/null 2>&1 && continue ;;
      chromium) command -v chromium >/dev/null 2>&1 && continue ;;
    esac
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: system packages for '$1' already installed"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "deps: need root or sudo to install: ${missing[*]}" >&2; exit 1
  fi
fi
echo "deps: installing ${missing[*]} (apt-get)"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "deps: installed ${missing[*]}"
