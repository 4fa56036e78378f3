"""The address phones on the same network reach this computer at."""

from __future__ import annotations

import ipaddress
import socket

LOOPBACK = "127.0.0.1"

_PROBE = "10.255.255.254"
"""A private address for the routing table to choose a route to. Nothing is sent there."""


def lan_address() -> str:
    """This computer's IPv4 address on the local network, or 127.0.0.1 when it has none.

    Asks the operating system which source address it would use towards a private
    address: `connect` on a UDP socket only records a destination and picks a route,
    it sends no packet (nothing is written to the socket) and looks nothing up.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((_PROBE, 9))
            address = str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    return address if is_usable(address) else LOOPBACK


def is_usable(address: str) -> bool:
    """An address a phone could connect to (not 0.0.0.0, not link-local, not multicast)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_unspecified or ip.is_link_local or ip.is_multicast)


def url_host(host: str) -> str:
    """A host as it goes in a URL: IPv6 addresses in brackets."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
