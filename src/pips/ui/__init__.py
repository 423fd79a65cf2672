"""Screens: written once, drawn on any surface (framebuf on the device, displayio on the desktop)."""
