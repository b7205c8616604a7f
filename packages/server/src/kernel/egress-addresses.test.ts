import { describe, expect, it } from "vitest";
import {
  type AddressClass,
  addressAllowed,
  classifyAddress,
  parseEgressAllowance,
} from "./egress-addresses.ts";

describe("egress address classes", () => {
  it.each<[string, AddressClass]>([
    ["8.8.8.8", "public"],
    ["93.184.216.34", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["100.127.255.255", "private"],
    ["100.128.0.1", "public"],
    ["169.254.1.1", "linkLocal"],
    ["169.254.169.254", "metadata"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.10", "reserved"],
    ["2001:4860:4860::8888", "public"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["ff02::1", "multicast"],
    ["fd00:ec2::254", "metadata"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::7f00:1", "loopback"],
    ["::127.0.0.1", "loopback"],
    ["[::1]", "loopback"],
    ["2001:db8::1", "reserved"],
    ["localhost", "invalid"],
    ["1.2.3", "invalid"],
  ])("%s is %s", (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });
});

describe("egress allowance", () => {
  it("lets only public addresses through by default", () => {
    const none = parseEgressAllowance(null);
    expect(addressAllowed("8.8.8.8", none)).toBe(true);
    for (const a of ["127.0.0.1", "10.0.0.1", "169.254.169.254", "::1", "fd00::1", "::ffff:127.0.0.1"])
      expect(addressAllowed(a, none)).toBe(false);
    expect(parseEgressAllowance("0")).toEqual(none);
  });

  it("`1` opens private networks but never cloud metadata, multicast or unspecified", () => {
    const all = parseEgressAllowance("1");
    for (const a of ["127.0.0.1", "10.0.0.1", "192.168.1.1", "fe80::1", "fd00::1"])
      expect(addressAllowed(a, all)).toBe(true);
    for (const a of ["169.254.169.254", "fd00:ec2::254", "224.0.0.1", "0.0.0.0"])
      expect(addressAllowed(a, all)).toBe(false);
  });

  it("a CIDR list opens exactly its ranges", () => {
    const some = parseEgressAllowance("10.20.0.0/16, 127.0.0.2, fd00:1::/32");
    expect(addressAllowed("10.20.3.4", some)).toBe(true);
    expect(addressAllowed("::ffff:10.20.3.4", some)).toBe(true);
    expect(addressAllowed("10.21.0.1", some)).toBe(false);
    expect(addressAllowed("127.0.0.2", some)).toBe(true);
    expect(addressAllowed("127.0.0.1", some)).toBe(false);
    expect(addressAllowed("fd00:1::5", some)).toBe(true);
    expect(addressAllowed("fd00:2::5", some)).toBe(false);
  });

  it("refuses a malformed setting at start rather than guessing", () => {
    expect(() => parseEgressAllowance("10.0.0.0/33")).toThrow(/VIGIA_EGRESS_ALLOW_PRIVATE/);
    expect(() => parseEgressAllowance("intranet")).toThrow(/VIGIA_EGRESS_ALLOW_PRIVATE/);
  });
});
