#!/usr/bin/env bash
# Install the UNO table companion as a service on Raspberry Pi OS (Bookworm or newer).
# Run from the checkout:  sudo bash companion/deploy/install-pi.sh
set -euo pipefail

if [ "$(id -u)" != 0 ]; then
    echo "Please run with sudo: sudo bash $0" >&2
    exit 1
fi
root=$(cd "$(dirname "$0")/../.." && pwd)

echo "== System packages (camera and GPIO libraries come from Raspberry Pi OS)"
apt-get update
apt-get install -y python3-venv python3-picamera2 python3-lgpio

echo "== A user for the service, allowed to use GPIO, the camera and the Pico's serial port"
id uno >/dev/null 2>&1 || useradd --system --home-dir /var/lib/uno-companion --shell /usr/sbin/nologin uno
usermod -a -G gpio,video,dialout uno
if ! runuser -u uno -- test -r "$root/pyproject.toml"; then
    echo "The service user cannot read $root (home folders are private)." >&2
    echo "Clone into /opt instead:  sudo git clone <this repository> /opt/uno-companion" >&2
    exit 1
fi

echo "== Python environment (system site packages: picamera2 and lgpio are Debian packages)"
python3 -m venv --system-site-packages "$root/.venv"
"$root/.venv/bin/pip" install -e "$root[pi]"

echo "== The built-in card profile (drawn once per version, kept in the service user's cache)"
install -d -o uno -g uno /var/lib/uno-companion
runuser -u uno -- env HOME=/var/lib/uno-companion "$root/.venv/bin/python" -c \
    "from companion.vision.builtin import default_profile; default_profile()"

echo "== Configuration"
install -d /etc/uno-companion
fresh_config=no
if [ ! -f /etc/uno-companion/table.toml ]; then
    cp "$root/docs/example-config.toml" /etc/uno-companion/table.toml
    fresh_config=yes
fi

echo "== Service"
sed "s#@ROOT@#$root#g" "$root/companion/deploy/uno-companion.service" > /etc/systemd/system/uno-companion.service
systemctl daemon-reload
if [ "$fresh_config" = yes ]; then
    systemctl enable uno-companion
    echo "Edit /etc/uno-companion/table.toml (players, which parts you built), check it with"
    echo "  $root/.venv/bin/uno-companion check --config /etc/uno-companion/table.toml"
    echo "then start the service:  sudo systemctl start uno-companion"
    exit 0
fi
systemctl enable uno-companion
systemctl restart uno-companion
echo "Done. The page: http://$(hostname).local:8000/  (the host code: journalctl -u uno-companion)"
echo "Check the hardware with: $root/.venv/bin/uno-companion check --config /etc/uno-companion/table.toml"
