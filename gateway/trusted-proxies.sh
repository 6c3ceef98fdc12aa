#!/bin/sh
# The gateway image runs this before nginx starts (/docker-entrypoint.d/, as the official image
# does with every script there). GATEWAY_TRUSTED_PROXIES names the proxies in front of the
# gateway (an Ingress controller's pods, a load balancer): addresses or CIDR ranges, separated by
# commas or spaces. nginx then takes the client's address from the X-Forwarded-For they send,
# walking back past trusted hops only, so the sign-in limit counts real clients. Unset: nginx
# believes only the connection's address and replaces any X-Forwarded-For (docs/deploy-kubernetes.md).
set -euf

dir="${TRUSTED_PROXIES_DIR:-/tmp/nginx-trusted-proxies}"
conf="$dir/trusted-proxies.conf"
list="$(printf '%s' "${GATEWAY_TRUSTED_PROXIES:-}" | tr ',' ' ')"

mkdir -p "$dir"
rm -f "$conf"
[ -z "$(printf '%s' "$list" | tr -d ' \t')" ] && exit 0

lines=""
for entry in $list; do
  # IPv4 (optionally /0-32) or IPv6 (hex digits and colons, optionally /0-128). nginx checks the
  # values again when it loads the file; this refuses anything that could be another directive.
  if printf '%s' "$entry" | grep -Eq '^([0-9]{1,3}\.){3}[0-9]{1,3}(/([0-9]|[12][0-9]|3[0-2]))?$' ||
    printf '%s' "$entry" | grep -Eq '^[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*(/([0-9]|[1-9][0-9]|1[01][0-9]|12[0-8]))?$'; then
    lines="${lines}set_real_ip_from ${entry};
"
  else
    echo "GATEWAY_TRUSTED_PROXIES: \"$entry\" is not an IP address or CIDR range" >&2
    exit 1
  fi
done

{
  printf '# Written from GATEWAY_TRUSTED_PROXIES by trusted-proxies.sh at start.\n'
  printf '%s' "$lines"
  printf 'real_ip_header X-Forwarded-For;\nreal_ip_recursive on;\n'
} > "$conf"
echo "gateway: trusting X-Forwarded-For from $(printf '%s' "$list" | tr -s ' ' | sed 's/^ //; s/ $//; s/ /, /g')"
