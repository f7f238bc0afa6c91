"""The projection runner: the read models kept up to date from the notification log."""
