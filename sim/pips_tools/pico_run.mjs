// The Pico's own firmware on an emulated RP2040 (npm rp2040js, pinned in
// pips_tools/pico.py), for the tests and `make bench-pico`.
//
//     node pico_run.mjs CONFIG.json
//
// CONFIG (written by pips_tools/pico.py):
//   rp2040js    the package folder (its dist/esm/index.js is imported)
//   bootrom     the RP2040 B1 boot ROM: 16 KiB binary
//   flash       a flat image of the flash from 0x10000000 (firmware, filesystem)
//   idleHigh    input pins held high when released (rp2040js does not model
//               pull-ups: a pulled-up key would read 0, pressed)
//   presses     [[pin, down_ms, up_ms], ...]: the pin is held low between the two
//               times, in simulated milliseconds from the moment the console
//               prints `startMark` (from power-on without one)
//   interruptOn console text after which the running program is stopped
//               (Ctrl-C) and `script` runs over the raw REPL
//   script      a Python file to run that way
//   until       stop once the console has printed this text ...
//   afterMs     ... and this many simulated milliseconds more
//   maxSimS     stop at this simulated time whatever happens
//   spi, dc, cs the display's SPI block (0 or 1) and its DC and CS pins (the
//               reference board's SPI1, 8, 9 without them)
//   spiOut      the bytes that SPI block sent, with the DC and CS levels of each: records
//               of a kind byte (DC << 1 | CS), a 24-bit big-endian length, the bytes
//   consoleOut  everything the USB console printed
//   idleOut     the core's idle time (asleep in WFI/WFE: the clock jumps to the
//               next alarm), cumulative, in ns at every simulated millisecond
//               from power-on: little-endian float64s
//   burstsOut   the display's bus in bursts (bytes with less than 0.5 ms between
//               them): JSON [[start ns, end ns, bytes sent before, after], ...]
//   watchPins   output pins whose levels are recorded (a buzzer's PWM pin) ...
//   pinsOut     ... there: JSON {pin: [[ns, level], ...]}, every change
// Three probes, for looking inside a slow frame (none is set by pips_tools.pico;
// a run's config.json, kept with --keep, is edited and run again by hand: the
// run is the same instruction for instruction). Addresses are the firmware
// ELF's symbols (arm-none-eabi-nm build/rp2/firmware.elf), even.
//   watchPc     addresses whose execution is noted (gc_collect, gc_alloc) ...
//   watchOut    ... there: JSON {address: [[ns, r0, lr], ...]}, each time the
//               core reached it (r0: the first argument, lr: the caller)
//   samplePc    [from ns, to ns]: every instruction's address counted ...
//   sampleOut   ... there: JSON {address: count}
//   profilePy   {call: fun_bc_call's address, from: ns, to: ns}: the bytecode
//               functions called, tracked as a stack, and the instructions run
//               in each (its own, and with its callees) ...
//   profileOut  ... there: JSON {incl: {bytecode address: count}, self: {...}};
//               a frozen function's bytecode is its fun_data_* symbol
//   flashOut    the flash as it is when the run stops, its first flashBytes (the
//               power cut: what the firmware wrote to its filesystem is kept)
// Prints a JSON summary: why it stopped, simulated and host time, instructions.
//
// Three gaps of rp2040js 1.4.1 are bridged here. Its UART raises the TX
// interrupt at every check (it has no TX FIFO): MicroPython's UART, which
// enables that interrupt and clears it in its handler, would spend all its
// time in that handler; here the interrupt is raised as the real one is, when
// a byte written leaves the (empty) FIFO below its level, and stays cleared.
// The other two: its flash controller ignores
// writes, so the boot ROM's flash_range_erase and flash_range_program entries
// (found through the ROM's function table) become breakpoints that do the work
// on the flash array; the filesystem then keeps what the firmware writes. And
// its USB CDC host answers an armed OUT endpoint at once, with an empty packet
// when it has nothing to send, which keeps the firmware busy in interrupts: here
// a read waits until there is something to send, as a real host's NAK does.

import fs from "fs";
import { pathToFileURL } from "url";

const top = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { Simulator, USBCDC, ConsoleLogger, LogLevel } = await import(
  pathToFileURL(top.rp2040js + "/dist/esm/index.js").href
);
const NS_PER_CYCLE = 1e9 / 125e6;

function device(config) {
  const sim = new Simulator();
  const mcu = sim.rp2040;
  const clock = mcu.clock;
  const rom = fs.readFileSync(top.bootrom);
  mcu.loadBootrom(new Uint32Array(Uint8Array.from(rom).buffer));
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.flash.set(fs.readFileSync(config.flash), 0);

  // -- flash writes through the boot ROM ---------------------------------------------
  function romFunction(code) {
    const b = mcu.bootrom; // Uint32Array
    const byte = (a) => (b[a >> 2] >>> ((a & 3) * 8)) & 0xff;
    const half = (a) => byte(a) | (byte(a + 1) << 8);
    const want = code.charCodeAt(0) | (code.charCodeAt(1) << 8);
    for (let entry = half(0x14); half(entry) !== 0; entry += 4) {
      if (half(entry) === want) return half(entry + 2) & ~1;
    }
    throw new Error("boot ROM function " + code + " not found");
  }
  const BKPT_ERASE = 0x51, BKPT_PROGRAM = 0x52;
  const flashOps = { erase: 0, program: 0 };
  for (const [code, bkpt] of [["RE", BKPT_ERASE], ["RP", BKPT_PROGRAM]]) {
    const at = romFunction(code);
    const word = mcu.bootrom[at >> 2];
    const shift = (at & 2) * 8;
    const insn = 0xbe00 | bkpt; // Thumb BKPT #imm8
    mcu.bootrom[at >> 2] = (word & ~(0xffff << shift)) | (insn << shift);
  }
  mcu.onBreak = (code) => {
    const r = mcu.core.registers;
    if (code === BKPT_ERASE) {
      const offset = r[0] >>> 0, count = r[1] >>> 0;
      mcu.flash.fill(0xff, offset, offset + count);
      flashOps.erase++;
    } else if (code === BKPT_PROGRAM) {
      const offset = r[0] >>> 0, data = r[1] >>> 0, count = r[2] >>> 0;
      for (let i = 0; i < count; i++) mcu.flash[offset + i] &= mcu.readUint8(data + i);
      flashOps.program++;
    } else {
      throw new Error("breakpoint " + code + " at 0x" + mcu.core.PC.toString(16));
    }
    mcu.core.PC = r[14] & ~1; // back to the caller, as the ROM routine would return
  };

  // -- the UARTs' TX interrupt, raised when a byte leaves, not at every check ----------
  for (const uart of mcu.uart) {
    uart.checkInterrupts = function () {
      this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
    };
    const write = uart.writeUint32.bind(uart);
    uart.writeUint32 = function (offset, value) {
      write(offset, value);
      if (offset === 0) { // UARTDR: the byte is out at once, the FIFO empty again
        this.interruptStatus |= 1 << 5; // UARTTXINTR
        this.checkInterrupts();
      }
    };
  }

  // -- keys --------------------------------------------------------------------------
  for (const pin of config.idleHigh || []) mcu.gpio[pin].setInputValue(true);
  const events = [];
  for (const [pin, down, up] of config.presses || []) {
    events.push([down, pin, false], [up, pin, true]);
  }
  events.sort((a, b) => a[0] - b[0]);
  let nextEvent = 0;
  let keysFrom = 0; // simulated ns the press times count from
  const keyAlarm = clock.createAlarm(() => {
    const now = clock.nanos;
    while (nextEvent < events.length && keysFrom + events[nextEvent][0] * 1e6 <= now + 1) {
      const [, pin, level] = events[nextEvent++];
      mcu.gpio[pin].setInputValue(level);
    }
    armKeys();
  });
  function armKeys() {
    if (nextEvent < events.length) {
      keyAlarm.schedule(Math.max(0, keysFrom + events[nextEvent][0] * 1e6 - clock.nanos));
    }
  }

  // -- pins watched (a buzzer's) ----------------------------------------------------------
  const pinLog = {};
  for (const pin of config.watchPins || []) {
    const changes = (pinLog[pin] = []);
    mcu.gpio[pin].addListener((state) => {
      const level = state === 1 ? 1 : 0; // GPIOPinState.High
      if (!changes.length || changes[changes.length - 1][1] !== level) changes.push([clock.nanos, level]);
    });
  }

  // -- the USB console ----------------------------------------------------------------
  const cdc = new USBCDC(mcu.usbCtrl);
  const usb = mcu.usbCtrl;
  let console_ = "";
  let stop = "";
  const input = [];
  let readWaiting = -1;
  function serveRead(size) {
    const n = Math.min(size, input.length);
    usb.endpointReadDone(cdc.outEndpoint, Uint8Array.from(input.splice(0, n)));
  }
  usb.onEndpointRead = (endpoint, size) => {
    if (endpoint !== cdc.outEndpoint) return;
    if (input.length) serveRead(size);
    else readWaiting = size;
  };
  function send(text) {
    for (const c of Buffer.from(text, "latin1")) input.push(c);
    if (readWaiting >= 0) {
      const size = readWaiting;
      readWaiting = -1;
      serveRead(size);
    }
  }
  let stage = config.interruptOn ? "boot" : "run";
  let scanFrom = 0;
  const stopAlarm = clock.createAlarm(() => { stop = stop || "until"; });
  const interruptAlarm = clock.createAlarm(() => {
    if (stage === "interrupt") {
      send("\x03");
      interruptAlarm.schedule(100e6); // again, until the prompt shows
    }
  });
  function seen(text) {
    const at = console_.indexOf(text, scanFrom);
    if (at < 0) return false;
    scanFrom = at + text.length;
    return true;
  }
  function onConsole() {
    if (stage === "boot" && seen(config.interruptOn)) {
      stage = "interrupt";
      interruptAlarm.schedule(0);
    }
    if (stage === "interrupt" && seen(">>> ")) {
      stage = "raw";
      send("\x01");
    }
    if (stage === "raw" && seen("raw REPL; CTRL-B to exit\r\n>")) {
      stage = "run";
      send(fs.readFileSync(config.script, "latin1") + "\x04");
    }
    if (stage === "run") {
      if (config.startMark && keysFrom === 0 && seen(config.startMark)) {
        keysFrom = clock.nanos;
        armKeys();
      }
      if (config.until && seen(config.until)) {
        stage = "done";
        stopAlarm.schedule((config.afterMs || 0) * 1e6);
      }
    }
  }
  cdc.onSerialData = (bytes) => {
    console_ += Buffer.from(bytes).toString("latin1");
    onConsole();
  };
  if (!config.startMark && !config.interruptOn) armKeys();

  // -- the display's bus (SPI1 on the reference board) ----------------------------------
  const DC = config.dc ?? 8, CS = config.cs ?? 9;
  let spiOut = Buffer.alloc(1 << 20);
  let spiLength = 0;
  let runKind = -1, runStart = 0;
  let spiBytes = 0;
  const bursts = [];
  function spiRoom(n) {
    if (spiLength + n > spiOut.length) {
      const bigger = Buffer.alloc(Math.max(spiOut.length * 2, spiLength + n));
      spiOut.copy(bigger, 0, 0, spiLength);
      spiOut = bigger;
    }
  }
  function closeRun() {
    if (runKind < 0) return;
    const n = spiLength - runStart - 4;
    spiOut[runStart + 1] = (n >> 16) & 0xff;
    spiOut[runStart + 2] = (n >> 8) & 0xff;
    spiOut[runStart + 3] = n & 0xff;
    runKind = -1;
  }
  const spi = mcu.spi[config.spi ?? 1];
  const byteDone = clock.createAlarm(() => spi.completeTransmit(0));
  spi.onTransmit = (value) => {
    const kind = (mcu.gpio[DC].outputValue ? 2 : 0) | (mcu.gpio[CS].outputValue ? 1 : 0);
    if (kind !== runKind || spiLength - runStart - 4 >= 0xffffff) {
      closeRun();
      spiRoom(4);
      runKind = kind;
      runStart = spiLength;
      spiOut[spiLength] = kind;
      spiLength += 4;
    }
    spiRoom(1);
    spiOut[spiLength++] = value;
    const t = clock.nanos;
    if (!bursts.length || t - bursts[bursts.length - 1][1] > 5e5) bursts.push([t, t, spiBytes, spiBytes]);
    spiBytes++;
    const last = bursts[bursts.length - 1];
    last[1] = t + 8e9 / spi.clockFrequency;
    last[3] = spiBytes;
    byteDone.schedule(8e9 / spi.clockFrequency); // the byte's time on the wire
  };


  // -- run ---------------------------------------------------------------------------------
  let instructions = 0;
  let idleNs = 0;
  let idle = new Float64Array(1 << 16); // idle ns at each simulated ms
  let idleMs = 0;
  function noteIdle() {
    const ms = Math.floor(clock.nanos / 1e6);
    if (ms >= idle.length) {
      const bigger = new Float64Array(Math.max(idle.length * 2, ms + 1));
      bigger.set(idle);
      idle = bigger;
    }
    while (idleMs <= ms) idle[idleMs++] = idleNs;
  }
  mcu.core.PC = 0x10000000;
  const core = mcu.core;
  const prof = config.profilePy;
  const pyStack = [], pyIncl = new Map(), pySelf = new Map();
  const sample = config.samplePc;
  const pcs = new Map();
  const watch = new Map((config.watchPc || []).map((a) => [a, []]));
  const probing = Boolean(watch.size || prof || sample);
  // the probes, before each instruction (one check an instruction when none is set)
  function probe() {
    if (watch.size && watch.has(core.PC)) watch.get(core.PC).push([clock.nanos, core.registers[0], core.registers[14]]);
    if (prof && !core.waiting) {
      const pc = core.PC, sp = core.registers[13];
      if (pc === prof.call) {
        pyStack.push([core.registers[14] & ~1, sp, mcu.readUint32(core.registers[0] + 12)]);
      } else {
        while (pyStack.length && (sp > pyStack[pyStack.length - 1][1] ||
               (pc === pyStack[pyStack.length - 1][0] && sp >= pyStack[pyStack.length - 1][1]))) pyStack.pop();
      }
      if (clock.nanos >= prof.from && clock.nanos < prof.to) {
        const seen = new Set();
        for (let i = 0; i < pyStack.length; i++) {
          const f = pyStack[i][2];
          if (!seen.has(f)) { seen.add(f); pyIncl.set(f, (pyIncl.get(f) || 0) + 1); }
        }
        if (pyStack.length) { const f = pyStack[pyStack.length - 1][2]; pySelf.set(f, (pySelf.get(f) || 0) + 1); }
        else pySelf.set(0, (pySelf.get(0) || 0) + 1);
      }
    }
    if (sample && clock.nanos >= sample[0] && clock.nanos < sample[1] && !core.waiting) {
      const pc = core.PC, k = pcs.get(pc);
      pcs.set(pc, (k || 0) + 1);
    }
  }
  // run until the simulated clock reaches `ns` (or the device stops)
  function runTo(ns) {
    while (!stop && clock.nanos < ns) {
      if (probing) probe();
      if (core.waiting) {
        const step = Math.min(clock.nanosToNextAlarm, ns - clock.nanos);
        noteIdle();
        idleNs += step;
        clock.tick(step);
      } else {
        clock.tick(core.executeInstruction() * NS_PER_CYCLE);
        instructions++;
      }
    }
  }
  function finish(started) {
    closeRun();
    noteIdle();
    if (config.idleOut) fs.writeFileSync(config.idleOut, Buffer.from(idle.buffer, 0, idleMs * 8));
    if (config.profileOut) fs.writeFileSync(config.profileOut, JSON.stringify({incl: Object.fromEntries(pyIncl), self: Object.fromEntries(pySelf)}));
    if (config.sampleOut) fs.writeFileSync(config.sampleOut, JSON.stringify(Object.fromEntries(pcs)));
    if (config.watchOut) fs.writeFileSync(config.watchOut, JSON.stringify(Object.fromEntries(watch)));
    if (config.pinsOut) fs.writeFileSync(config.pinsOut, JSON.stringify(pinLog));
    if (config.burstsOut) fs.writeFileSync(config.burstsOut, JSON.stringify(bursts));
    if (config.spiOut) fs.writeFileSync(config.spiOut, spiOut.subarray(0, spiLength));
    if (config.consoleOut) fs.writeFileSync(config.consoleOut, console_, "latin1");
    if (config.flashOut) fs.writeFileSync(config.flashOut, mcu.flash.subarray(0, config.flashBytes || mcu.flash.length));
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    return {
      stop, stage,
      simS: clock.nanos / 1e9,
      idleS: idleNs / 1e9,
      keysFromS: keysFrom / 1e9,
      wallS: wall,
      instructions,
      spiBytes,
      spiHz: spi.clockFrequency,
      flashOps,
    };
  }
  return {
    mcu, clock, runTo, finish,
    get stop() { return stop; },
    set stop(why) { stop = why; },
    get keysFrom() { return keysFrom; },
  };
}

const started = process.hrtime.bigint();
if (!top.pair) {
  // one device, alone
  const one = device(top);
  const maxNs = (top.maxSimS || 60) * 1e9;
  while (!one.stop) {
    one.runTo(Math.min(one.clock.nanos + 2e6, maxNs));
    if (one.clock.nanos >= maxNs) one.stop = "max-sim";
  }
  console.log(JSON.stringify(one.finish(started)));
} else {
  // two devices in one process, in step: each UART0's TX feeds the other's RX,
  // a byte taking its time on the line at `baud` (8N1: ten bits), one after
  // another each way
  const devices = top.pair.map(device);
  const baud = top.baud || 115200;
  const byteNs = 10e9 / baud;
  const lines = [[], []]; // bytes on their way to device i: [arrival ns, value]
  const busy = [0, 0]; // when the line to device i is free
  const sent = [0, 0];
  devices.forEach((d, i) => {
    d.mcu.uart[0].onByte = (value) => {
      const to = 1 - i;
      const start = Math.max(d.clock.nanos, busy[to]);
      busy[to] = start + byteNs;
      lines[to].push([busy[to], value]);
      sent[i]++;
    };
  });
  const maxNs = (top.maxSimS || 60) * 1e9;
  const sliceNs = Math.min(byteNs, 50e3);
  let t = 0;
  while (devices.some((d) => !d.stop) && t < maxNs) {
    t += sliceNs;
    for (let i = 0; i < 2; i++) {
      const d = devices[i];
      const line = lines[i];
      while (line.length && line[0][0] <= t) {
        const [at, value] = line.shift();
        if (!d.stop) {
          d.runTo(at);
          d.mcu.uart[0].feedByte(value);
        }
      }
      if (!d.stop) d.runTo(t);
    }
  }
  for (const d of devices) if (!d.stop) d.stop = "max-sim";
  console.log(JSON.stringify({ pair: devices.map((d) => d.finish(started)), uartBytes: sent }));
}
