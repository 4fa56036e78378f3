"""The table view: a read-only ledger served to the players' phones over the local network.

`banker.web.table` and `banker.web.qr` need nothing beyond the core and `qrcode`;
`banker.web.server` brings in aiohttp, so import it only when sharing starts.
"""
