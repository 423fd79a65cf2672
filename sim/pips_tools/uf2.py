"""UF2, the file a Pico in BOOTSEL mode takes by drag and drop (Microsoft's
USB Flashing Format, github.com/microsoft/uf2): 512-byte blocks, each a 32-byte
header, 476 bytes of room for the payload (the Pico's boot ROM wants 256 a
block, at 256-byte aligned flash addresses) and a closing magic word.

    blocks(data, address)      the UF2 file of `data` written at `address`
    image(uf2_bytes)           {address: payload} back from a UF2 file
    flat(uf2_bytes, base)      the payloads laid out as one flash image from `base`
"""

import struct

FAMILY_RP2040 = 0xE48BFF56
FLASH_BASE = 0x10000000  # the RP2040's flash, as the CPU addresses it (XIP)
PAYLOAD = 256

_MAGIC0 = 0x0A324655
_MAGIC1 = 0x9E5D5157
_MAGIC_END = 0x0AB16F30
_FLAG_FAMILY = 0x00002000  # the file-size field holds a family ID
_HEADER = struct.Struct("<8I")


def blocks(data, address, family=FAMILY_RP2040):
    """The UF2 file that writes `data` at flash `address` (256-byte aligned);
    the last block is padded with 0xFF (erased flash)."""
    if address % PAYLOAD:
        raise ValueError("a UF2 block's address must be 256-byte aligned")
    count = (len(data) + PAYLOAD - 1) // PAYLOAD
    out = bytearray()
    for n in range(count):
        chunk = data[n * PAYLOAD : (n + 1) * PAYLOAD]
        chunk = bytes(chunk) + b"\xff" * (PAYLOAD - len(chunk))
        out += _HEADER.pack(
            _MAGIC0, _MAGIC1, _FLAG_FAMILY, address + n * PAYLOAD, PAYLOAD, n, count, family
        )
        out += chunk + b"\x00" * (476 - PAYLOAD)
        out += struct.pack("<I", _MAGIC_END)
    return bytes(out)


def image(uf2_bytes, family=FAMILY_RP2040):
    """{address: payload} of every block of `family` (ValueError on a broken file)."""
    if len(uf2_bytes) % 512:
        raise ValueError("a UF2 file is whole 512-byte blocks")
    out = {}
    for at in range(0, len(uf2_bytes), 512):
        block = uf2_bytes[at : at + 512]
        m0, m1, flags, address, size, n, count, fam = _HEADER.unpack_from(block)
        (end,) = struct.unpack_from("<I", block, 508)
        if m0 != _MAGIC0 or m1 != _MAGIC1 or end != _MAGIC_END:
            raise ValueError("block %d: not a UF2 block" % (at // 512))
        if size > 476:
            raise ValueError("block %d: payload of %d bytes" % (at // 512, size))
        if flags & _FLAG_FAMILY and fam != family:
            continue
        out[address] = bytes(block[32 : 32 + size])
    return out


def flat(uf2_bytes, base=FLASH_BASE):
    """The blocks as one image starting at `base`; gaps are 0xFF."""
    parts = image(uf2_bytes)
    if not parts:
        return b""
    end = max(a + len(p) for a, p in parts.items())
    start = min(parts)
    if start < base:
        raise ValueError("a block at 0x%x is below 0x%x" % (start, base))
    out = bytearray(b"\xff" * (end - base))
    for address, payload in parts.items():
        out[address - base : address - base + len(payload)] = payload
    return bytes(out)
