"""The write path: the group-commit writer, the writer process's socket (server, client, wire codec), its metrics."""
