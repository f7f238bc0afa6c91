"""The event store's transcoder: the library's JSON format, written and read with orjson.

Why: encoding events with the standard ``json`` module was ~16 % of the writer process's busy
time, and decoding them ~13 % of the projection worker's. The bytes stay the library's own
format (``JSONTranscoder``: compact, UTF-8, registered types tagged as
``{"_type_": name, "_data_": ...}``), so records written before, by either transcoder, decode
the same, and the library can still read what this one writes.

orjson would write UUIDs and datetimes in its own way, so values are first tagged here, the
way ``JSONTranscoder`` tags them. Whatever orjson cannot write or read exactly as ``json``
does goes to the standard encoder and decoder instead: integers beyond 64 bits (orjson refuses
to write them, and reads them as floats), NaN and infinities, dict keys that are not strings.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import orjson
from eventsourcing.persistence import (
    DatetimeAsISO,
    JSONTranscoder,
    Transcoding,
    TranscodingNotRegisteredError,
)

_PLAIN = frozenset({str, int, bool, type(None)})
_JSON_BASES = (str, int, float, list, tuple, dict)  # json writes these before asking `default`
# orjson reads an integer literal outside the 64-bit range as a float, which is then at least
# this large; a float read back this large may have been such an integer: ``json`` decides.
_INT64_LIMIT = float(2**63)


class _Fallback(Exception):
    """orjson would not write or read this exactly as ``json`` does."""


class OrjsonTranscoder(JSONTranscoder):
    """``JSONTranscoder`` (same registrations, same bytes) with orjson doing the work."""

    def __init__(self) -> None:
        super().__init__()
        self._tagged: dict[type, Transcoding] = {}  # the registered types json would tag
        self._iso: Transcoding | None = None

    def register(self, transcoding: Transcoding) -> None:
        super().register(transcoding)
        if not issubclass(transcoding.type, _JSON_BASES):
            self._tagged[transcoding.type] = transcoding
        iso = self._tagged.get(datetime)
        self._iso = iso if type(iso) is DatetimeAsISO else None

    def encode(self, obj: Any) -> bytes:
        try:
            return orjson.dumps(self._tag(obj))
        except (_Fallback, orjson.JSONEncodeError):
            return super().encode(obj)

    def decode(self, data: bytes) -> Any:
        try:
            return self._untag(orjson.loads(data))
        except (_Fallback, orjson.JSONDecodeError):  # JSONDecodeError: NaN, Infinity
            return super().decode(data)

    def _tag(self, o: Any) -> Any:
        """``o`` with every registered type replaced by its tagged form."""
        t = type(o)
        if t in _PLAIN:
            return o
        if t is dict:  # inline: the plain values and the datetimes of every event
            out = {}
            iso = self._iso
            for key, value in o.items():
                if type(key) is not str:
                    raise _Fallback  # json turns such keys into strings; orjson refuses them
                if type(value) in _PLAIN:
                    out[key] = value
                elif type(value) is datetime and iso is not None and (
                        value.tzinfo is None or value.tzinfo is timezone.utc):
                    # orjson writes these exactly as ``isoformat()`` does (tests/core), and
                    # faster: isoformat was half of the tagging time.
                    out[key] = {"_type_": iso.name, "_data_": value}
                else:
                    out[key] = self._tag(value)
            return out
        transcoding = self._tagged.get(t)
        if transcoding is not None:
            if transcoding is self._iso and (o.tzinfo is None or o.tzinfo is timezone.utc):
                return {"_type_": transcoding.name, "_data_": o}
            return {"_type_": transcoding.name, "_data_": self._tag(transcoding.encode(o))}
        if t is list or t is tuple:
            return [self._tag(value) for value in o]
        if isinstance(o, (str, int)):  # subclasses too (enums): json writes their value
            return o
        if isinstance(o, float):
            if o != o or abs(o) == float("inf"):
                raise _Fallback  # json writes NaN / Infinity, orjson null
            return o
        if isinstance(o, (list, tuple)):
            return [self._tag(value) for value in o]
        if isinstance(o, dict):
            return self._tag(dict(o))
        msg = (f"Object of type {t} is not serializable. Please define and register "
               "a custom transcoding for this type.")
        raise TranscodingNotRegisteredError(msg)

    def _untag(self, o: Any) -> Any:
        """What ``JSONTranscoder``'s object hook does, inner objects first."""
        t = type(o)
        if t is dict:
            for key, value in o.items():
                if type(value) not in _PLAIN:
                    o[key] = self._untag(value)
            if len(o) == 2 and "_type_" in o and "_data_" in o:
                transcoding = self.names.get(o["_type_"])
                if transcoding is None:
                    return self._decode_obj(o)  # the library's error for an unknown type
                return transcoding.decode(o["_data_"])
            return o
        if t is list:
            for index, value in enumerate(o):
                if type(value) not in _PLAIN:
                    o[index] = self._untag(value)
            return o
        if t is float and abs(o) >= _INT64_LIMIT:
            raise _Fallback
        return o
