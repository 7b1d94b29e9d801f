#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so that keytar
# talks to a real Secret Service. Without dbus-run-session or gnome-keyring-daemon the command
# runs as is, and the vault tests exercise the password-only fallback.
set -euo pipefail
if command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
  exec dbus-run-session -- bash -c '
    printf "" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 || true
    export TRON_WALLET_KEYRING=available
    exec "$@"' keyring-session "$@"
fi
if [ "${CI:-}" = "true" ]; then
  echo "with-keyring: dbus-run-session and gnome-keyring-daemon are required in CI (apt-get install dbus gnome-keyring)" >&2
  exit 1
fi
echo "with-keyring: no Secret Service tools found; keychain tests use the fallback path" >&2
exec "$@"
