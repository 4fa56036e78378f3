"""The table view under hostile traffic from the LAN: real sockets on loopback, the real
server started as the app starts it. Addresses 127.0.0.2 and up play other machines."""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
from pathlib import Path

import aiohttp
import pytest

from banker.core import commands as c
from banker.store import Journal
from banker.web import limits
from banker.web.server import TableView

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="other loopback addresses than 127.0.0.1 are Linux's"
)


async def connect(
    view: TableView, source: str
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    assert view.port is not None
    return await asyncio.open_connection("127.0.0.1", view.port, local_addr=(source, 0))


async def closed_by_server(reader: asyncio.StreamReader) -> bool:
    try:
        return await reader.read(1) == b""
    except ConnectionError:
        return True


async def test_idle_connections_from_many_machines_leave_room_for_the_token_holder(
    view: TableView,
) -> None:
    idle = []
    for n in range(limits.IN_ALL + 100):  # more than the server keeps, from 20 machines
        idle.append(await connect(view, f"127.0.1.{n % 20 + 1}"))
    assert len(view.gate.open) <= limits.IN_ALL
    async with aiohttp.ClientSession() as session:
        async with session.get(view.url + "table.json") as response:
            assert response.status == 200
            assert (await response.json())["seq"] == 1
    for _, writer in idle:
        writer.close()


async def test_one_machine_gets_its_share_and_no_more(view: TableView) -> None:
    mine = [await connect(view, "127.0.0.9") for _ in range(limits.PER_CLIENT)]
    extra_reader, extra_writer = await connect(view, "127.0.0.9")
    assert await closed_by_server(extra_reader)  # refused at the door
    assert sum(1 for seen in view.gate.open.values() if seen.client == "127.0.0.9") == (
        limits.PER_CLIENT
    )
    async with aiohttp.ClientSession() as session:  # another machine is still served
        async with session.get(view.url + "table.json") as response:
            assert response.status == 200
    for _, writer in [*mine, (extra_reader, extra_writer)]:
        writer.close()


async def test_a_half_sent_request_is_closed_once_idle(
    view: TableView, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "IDLE_SECONDS", 0.2)
    monkeypatch.setattr(limits, "SWEEP_SECONDS", 0.05)
    reader, writer = await connect(view, "127.0.0.3")
    writer.write(f"GET /{view.token}/table.json HTTP/1.1\r\nHost: x\r\n".encode())  # no end
    await writer.drain()
    assert await asyncio.wait_for(closed_by_server(reader), 30)
    writer.close()


async def test_a_bad_request_is_answered_quietly_without_the_token(
    view: TableView, caplog: pytest.LogCaptureFixture
) -> None:
    assert view.token is not None
    reader, writer = await connect(view, "127.0.0.4")
    long_path = f"/{view.token}/" + "a" * 10_000
    with caplog.at_level(logging.INFO):
        for _ in range(3):
            writer.write(f"GET {long_path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(), 30)
            writer.close()
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.split(b" ")[1].startswith(b"4")
            assert b"Server: banker" in head and b"aiohttp" not in head
            assert b"Content-Security-Policy" in head
            assert view.token.encode() not in answer and b"aaaa" not in body
            reader, writer = await connect(view, "127.0.0.4")
    writer.close()
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert view.token not in logged
    assert "Traceback" not in caplog.text
    assert len([r for r in caplog.records if r.name.startswith(("banker.web", "aiohttp"))]) <= 1


async def test_a_closed_event_stream_frees_its_slot_at_once(
    view: TableView, banker: Journal
) -> None:
    async with aiohttp.ClientSession() as session:
        response = await session.get(view.url + "events")
        await response.content.readline()
        assert view.phones == 1
        response.close()
        # no ping, no game change: the slot is freed by the connection's end alone
        while view.phones:
            await asyncio.sleep(0.01)
    banker.apply(c.PassGo(player="Alice"))
    assert view.phones == 0


async def trickle(view: TableView, source: str, first: bytes, stop: asyncio.Event) -> None:
    """One machine of a crowd: a first line at once, then a header line every half second
    (never idle, never done), reconnecting soon after the server closes it."""
    while not stop.is_set():
        try:
            reader, writer = await connect(view, source)
        except OSError:
            await asyncio.sleep(0.2)
            continue
        try:
            writer.write(first)
            while not stop.is_set():
                writer.write(b"X-Slow: 1\r\n")
                await writer.drain()
                try:
                    if not await asyncio.wait_for(reader.read(4096), 0.5):
                        break  # closed by the server
                except TimeoutError:
                    continue
        except ConnectionError:
            pass
        finally:
            writer.close()
        await asyncio.sleep(0.2)


async def served_every_time(view: TableView, url: str, tries: int) -> list[int]:
    statuses = []
    # a new connection every try, as a phone waking up makes
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(force_close=True)) as session:
        for _ in range(tries):
            try:
                async with session.get(
                    url + "table.json", timeout=aiohttp.ClientTimeout(total=30)
                ) as response:
                    statuses.append(response.status)
            except aiohttp.ClientError as exc:  # before: "connection reset"
                statuses.append(type(exc).__name__)  # type: ignore[arg-type]
            await asyncio.sleep(0.1)
    return statuses


@pytest.mark.parametrize("link", ["a wrong one", "the table's"])
async def test_a_crowd_of_slow_machines_leaves_the_players_served(
    view: TableView, link: str
) -> None:
    """Attack 19: 300 connections from 300 addresses, each a first line then a header line
    a second; before, the token holder was served 8 times of 44. Now a wrong link is
    answered and closed on its first line, and a player's link takes the place of the
    table's slowest."""
    assert view.token is not None
    target = "not-the-token-at-all" if link == "a wrong one" else view.token
    first = f"GET /{target}/table.json HTTP/1.1\r\nHost: x\r\n".encode()
    stop = asyncio.Event()
    crowd = [
        asyncio.create_task(trickle(view, f"127.0.{n // 250 + 10}.{n % 250 + 1}", first, stop))
        for n in range(300)
    ]
    try:
        await asyncio.sleep(1.0)  # let them pile up
        bob = view.player_url("Bob")
        assert await served_every_time(view, bob, 10) == [200] * 10
        assert len(view.gate.open) <= limits.IN_ALL
    finally:
        stop.set()
        await asyncio.gather(*crowd)


async def test_a_phone_not_judged_yet_outlasts_a_crowd_reconnecting_on_the_tables_link(
    view: TableView,
) -> None:
    """The order the crowd test meets on a busy machine, step by step: every place held on
    the table's link, a phone's connection accepted but its first line not read yet, then
    the crowd's next reconnect. Before, that reconnect took the phone's place (the oldest
    not judged); now it takes the crowd's oldest, and the phone is served."""
    assert view.token is not None
    first = f"GET /{view.token}/table.json HTTP/1.1\r\nHost: x\r\n".encode()
    crowd = []
    for n in range(limits.IN_ALL):
        reader, writer = await connect(view, f"127.0.{n // 250 + 10}.{n % 250 + 1}")
        writer.write(first)  # headers never ended
        crowd.append((reader, writer))
    while sum(seen.rank == limits.TABLE for seen in view.gate.open.values()) < limits.IN_ALL:
        await asyncio.sleep(0.01)
    phone_reader, phone = await connect(view, "127.0.0.7")
    while len(view.gate.open) < limits.IN_ALL or not any(
        seen.client == "127.0.0.7" for seen in view.gate.open.values()
    ):
        await asyncio.sleep(0.01)
    newcomer = await connect(view, "127.0.9.1")
    newcomer[1].write(first)
    while not any(seen.client == "127.0.9.1" for seen in view.gate.open.values()):
        await asyncio.sleep(0.01)
    assert await closed_by_server(crowd[0][0])  # the crowd's oldest made the room
    bob = view.player_url("Bob").split("/")[3]
    phone.write(f"GET /{bob}/table.json HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    answer = await asyncio.wait_for(phone_reader.readline(), 30)
    assert answer.startswith(b"HTTP/1.1 200")
    for _, writer in [*crowd, newcomer, (phone_reader, phone)]:
        writer.close()


async def test_a_wrong_link_is_answered_on_its_first_line(view: TableView) -> None:
    """No header is waited for: the answer comes as soon as the line does, and the
    connection is closed; a player's replaced link is told apart (410)."""
    for path, status in (("/not-a-link-of-this-table/", b"404"), ("/x/", b"404")):
        reader, writer = await connect(view, "127.0.0.5")
        writer.write(f"GET {path} HTTP/1.1\r\n".encode())  # and nothing more
        answer = await asyncio.wait_for(reader.read(), 30)
        assert answer.startswith(b"HTTP/1.1 " + status)
        assert b"Content-Security-Policy" in answer and b"Connection: close" in answer
        writer.close()
    reader, writer = await connect(view, "127.0.0.5")
    writer.write(b"\x16\x03\x01" + b"z" * (limits.FIRST_LINE_BYTES + 1))  # not HTTP
    assert (await asyncio.wait_for(reader.read(), 30)).startswith(b"HTTP/1.1 400")
    writer.close()


async def test_a_connection_that_never_shows_its_link_is_closed(
    view: TableView, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "STRANGER_SECONDS", 0.2)
    monkeypatch.setattr(limits, "SWEEP_SECONDS", 0.05)
    monkeypatch.setattr(limits, "IDLE_SECONDS", 1000.0)  # only the stranger's rule can
    monkeypatch.setattr(limits, "MAX_AGE_SECONDS", 1000.0)  # close it in this test
    reader, writer = await connect(view, "127.0.0.6")

    async def drip() -> None:  # a byte at a time, never idle, never the whole line
        for _ in range(limits.FIRST_LINE_BYTES // 2):
            writer.write(b"a")
            await asyncio.sleep(0.05)

    dripping = asyncio.create_task(drip())
    try:
        assert await asyncio.wait_for(closed_by_server(reader), 60)
    finally:
        dripping.cancel()
        writer.close()


def test_the_limits_leave_file_descriptors_for_the_journal() -> None:
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert limits.IN_ALL + 64 <= soft
    assert socket.SOMAXCONN > 0


@pytest.fixture
def game_path(tmp_path: Path) -> Path:
    return tmp_path / "game.banker"
