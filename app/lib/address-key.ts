import net from "node:net";

/**
 * The client a per-address limit counts (decision 0072): an IPv4 address as
 * it is (an IPv4-mapped IPv6 address as its IPv4 one), an IPv6 address by its
 * /64 network. One home line or server is given a whole /64, so counting each
 * IPv6 address apart gave such a client some 2^64 allowances: the limits on
 * forms, on the answers that say whether an email holds a seat, and on staff
 * sign-ins would not hold. Anything else (a unix socket, "unknown") is counted
 * as it is.
 */
export function addressKey(ip: string): string {
  const address = ip.trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped && net.isIPv4(mapped[1]!)) return mapped[1]!;
  if (!net.isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  // An IPv4 address mapped into IPv6 however it is spelled (::ffff:c633:6407, 0:0:0:0:0:ffff:…) is that IPv4 address.
  if (groups.slice(0, 5).every((g) => g === "0") && groups[5] === "ffff") {
    const [hi, lo] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, in lowercase hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part is its last two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array.from({ length: missing }, () => "0"), ...right];
  return groups.map((g) => parseInt(g, 16).toString(16));
}
