#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so that keytar
# talks to a real Secret Service, and sets TRON_WALLET_KEYRING=available once it answers (the
# vault's real-keychain tests run only then, and fail in CI without it).
# The keyring lives in a throw-away directory with a throw-away password: tests never touch the
# user's own login keyring. (An empty password does not work: gnome-keyring then creates no
# usable "login" collection and every write fails.)
# Without dbus-run-session or gnome-keyring-daemon the command runs as is, and the vault tests
# exercise the password-only fallback; in CI that is an error.
set -euo pipefail
if command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
  exec dbus-run-session -- bash -c '
    set -u
    keyring_home=$(mktemp -d)
    trap "rm -rf \"$keyring_home\"" EXIT
    if printf "test-keyring-password" | XDG_DATA_HOME="$keyring_home" gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; then
      export TRON_WALLET_KEYRING=available
    else
      echo "with-keyring: gnome-keyring-daemon did not start; keychain tests use the fallback path" >&2
    fi
    "$@"' keyring-session "$@"
fi
if [ "${CI:-}" = "true" ]; then
  echo "with-keyring: dbus-run-session and gnome-keyring-daemon are required in CI (apt-get install dbus gnome-keyring)" >&2
  exit 1
fi
echo "with-keyring: no Secret Service tools found; keychain tests use the fallback path" >&2
exec "$@"
