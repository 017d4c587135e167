"""Hosts of their own on one machine: network namespaces joined by veth pairs to a bridge.

Each host is a namespace with its loopback and one interface, eth0, on a private /24; the other end
of its veth pair is a port of the bridge, which lives in this (the root) namespace and holds the
subnet's .1, so the test itself can reach every host, as an operator's machine on the same LAN.
Cutting a host sets its bridge port down: its eth0 loses carrier and its packets go nowhere, as
with a pulled cable; its processes keep running and its TCP connections resume once it is back.

Names carry this process's pid, so a run killed before its cleanup is swept by the next one.
Needs root (CAP_NET_ADMIN) and iproute2.
"""
from __future__ import annotations

import ipaddress
import os
import re
import subprocess
from dataclasses import dataclass, field

PREFIX = "umpire"


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], check=check, capture_output=True, text=True)


def unavailable() -> str | None:
    """Why namespaces cannot be made here, or None when they can."""
    if os.geteuid() != 0:
        return "network namespaces need root (CAP_NET_ADMIN); the multi-host test runs as root in CI"
    probe = f"{PREFIX}-probe-{os.getpid()}"
    try:
        made = _ip("netns", "add", probe, check=False)
    except FileNotFoundError:
        return "no `ip` command (iproute2)"
    if made.returncode:
        return f"`ip netns add` failed: {made.stderr.strip()}"
    _ip("netns", "del", probe, check=False)
    return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep_stale() -> None:
    """Remove namespaces and bridges left by runs whose process is gone (killed before cleanup)."""
    for line in _ip("netns", "list", check=False).stdout.splitlines():
        name = line.split()[0] if line.strip() else ""
        if (m := re.fullmatch(rf"{PREFIX}-(\d+)-\w+", name)) and not _alive(int(m[1])):
            _ip("netns", "del", name, check=False)
    for line in _ip("-o", "link", "show", "type", "bridge", check=False).stdout.splitlines():
        if (m := re.search(r"\d+: ub([0-9a-f]+):", line)) and not _alive(int(m[1], 16)):
            _ip("link", "del", f"ub{m[1]}", check=False)


def free_subnet() -> ipaddress.IPv4Network:
    """A /24 of 10.213.0.0/16 that no interface of this machine is on."""
    used = [ipaddress.ip_interface(a).network for a in re.findall(r"inet (\S+)", _ip("-o", "-4", "addr").stdout)]
    for third in range(0, 256):
        net = ipaddress.ip_network(f"10.213.{third}.0/24")
        if not any(net.overlaps(u) for u in used):
            return net
    raise RuntimeError("no free /24 in 10.213.0.0/16")


@dataclass
class Host:
    name: str
    netns: str
    address: str
    port: str  # the bridge-side end of its veth pair

    def wrap(self) -> list[str]:
        """The prefix that runs a command on this host."""
        return ["ip", "netns", "exec", self.netns]


@dataclass
class Network:
    subnet: ipaddress.IPv4Network
    bridge: str
    hosts: dict[str, Host] = field(default_factory=dict)

    @classmethod
    def create(cls) -> "Network":
        sweep_stale()
        net = cls(subnet=free_subnet(), bridge=f"ub{os.getpid():x}")
        _ip("link", "add", net.bridge, "type", "bridge")
        try:
            _ip("addr", "add", f"{net.gateway}/{net.subnet.prefixlen}", "dev", net.bridge)
            _ip("link", "set", net.bridge, "up")
        except BaseException:
            net.close()
            raise
        return net

    @property
    def gateway(self) -> str:
        return str(self.subnet.network_address + 1)

    def add(self, name: str, last_octet: int) -> Host:
        """A new host `name` at the subnet's address .`last_octet`."""
        host = Host(name=name, netns=f"{PREFIX}-{os.getpid()}-{name}", address=str(self.subnet.network_address + last_octet),
                    port=f"{self.bridge}-{len(self.hosts)}")
        inner = f"{host.port}i"
        _ip("netns", "add", host.netns)
        self.hosts[name] = host  # from here on close() removes it
        _ip("link", "add", inner, "type", "veth", "peer", "name", host.port)
        _ip("link", "set", inner, "netns", host.netns)
        _ip("-n", host.netns, "link", "set", inner, "name", "eth0")
        _ip("-n", host.netns, "addr", "add", f"{host.address}/{self.subnet.prefixlen}", "dev", "eth0")
        _ip("-n", host.netns, "link", "set", "eth0", "up")
        _ip("-n", host.netns, "link", "set", "lo", "up")
        _ip("link", "set", host.port, "master", self.bridge, "up")
        return host

    def cut(self, name: str) -> None:
        """The host's link down: nothing reaches it, nothing leaves it."""
        _ip("link", "set", self.hosts[name].port, "down")

    def restore(self, name: str) -> None:
        _ip("link", "set", self.hosts[name].port, "up")

    def close(self) -> None:
        """Every namespace (their veth pairs go with them) and the bridge. Stop the hosts' processes
        first: a process still inside a namespace keeps its network alive."""
        for host in self.hosts.values():
            _ip("netns", "del", host.netns, check=False)
        self.hosts.clear()
        _ip("link", "del", self.bridge, check=False)
