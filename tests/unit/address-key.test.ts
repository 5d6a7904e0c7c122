import { describe, expect, it } from "vitest";
import { addressKey } from "~/lib/address-key";

describe("the client a per-address limit counts (decision 0072)", () => {
  it("counts an IPv4 address as it is, and an IPv4-mapped IPv6 address as its IPv4 one", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    // However the mapping is spelled: one IPv4 address, not a /64 that every mapped address would share.
    for (const spelled of ["::ffff:cb00:7107", "0:0:0:0:0:ffff:cb00:7107", "::FFFF:CB00:7107", "0000::ffff:203.0.113.7"]) expect(addressKey(spelled)).toBe("203.0.113.7");
    expect(addressKey("::ffff:c633:6407")).toBe("198.51.100.7");
    expect(addressKey("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });
  it("counts every address of an IPv6 /64 as one, whatever its spelling", () => {
    const one = addressKey("2001:db8:1:1::1");
    for (const other of ["2001:db8:1:1::2", "2001:0db8:0001:0001:ffff:ffff:ffff:ffff", "2001:DB8:1:1:a:b:c:d", "2001:db8:1:1::1%eth0", "2001:db8:1:1::192.0.2.1"]) {
      expect(addressKey(other)).toBe(one);
    }
    expect(one).toBe("2001:db8:1:1::/64");
    // Another /64 is another client.
    expect(addressKey("2001:db8:1:2::1")).not.toBe(one);
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1")).toBe("fe80:0:0:0::/64");
  });
  it("leaves anything else as it is", () => {
    expect(addressKey("unknown")).toBe("unknown");
    expect(addressKey("")).toBe("");
    expect(addressKey("not:an:address")).toBe("not:an:address");
  });
});
