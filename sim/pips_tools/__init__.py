"""Desktop tools that build, flash and measure Pips: the .mpy tree, the
firmware and file-system images, deploying to a board, the emulated devices
(a Cortex-M0 in qemu, a Pico in rp2040js, the webassembly port) and the
benches. The desktop's play (the `pips` command, the window) is pips_sim."""
