"""The event store: the application on SQLite or PostgreSQL, its transcoder and mapper, and reading
the notification log. Importing it registers the old module names of classes that moved
(moved_topics.py), so every process that reads the store resolves records written before."""

from infra.store.moved_topics import register_moved_topics

register_moved_topics()
