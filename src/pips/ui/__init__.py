"""Screens: written once, drawn on any surface (framebuf on a device, displayio elsewhere)."""
