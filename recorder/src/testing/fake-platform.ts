// The recorder's platform for unit tests: a fake clock, ffmpeg processes the test drives (a
// recording closes a segment when told, refuses a password, dies; a cut writes its file or fails
// as told), the real file system in a temporary folder with faults on demand (a full disk, a file
// another program holds), and Windows or Linux ways, whatever this machine is.
import { EventEmitter } from 'node:events';
import { basename } from 'node:path';
import { PassThrough } from 'node:stream';
import { realFs, type Child, type Platform, type RecorderFs, type Spawn, type SpawnOptions } from '../platform.ts';
import { fakeClock, type FakeClock } from './fake-clock.ts';

let nextPid = 40_000;

export class FakeProcess implements Child {
  readonly pid = nextPid++;
  readonly stdin = new PassThrough();
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly signals: NodeJS.Signals[] = [];
  /** What the process was sent on its standard input. */
  input = '';
  /** A process that ignores what it is sent on its standard input (a hung ffmpeg). */
  deaf = false;
  private readonly events = new EventEmitter();
  private ended = false;
  private segments = 0;
  private streamSeconds = 0;

  constructor(
    readonly command: string,
    readonly args: readonly string[],
    readonly options: SpawnOptions,
    private readonly clock: FakeClock,
    private readonly fs: TestFs,
  ) {
    this.stdin.on('data', (d: Buffer) => {
      this.input += d.toString();
      // ffmpeg's own way to stop on Windows: closes its segment and ends.
      if (this.input.includes('q') && !this.deaf) this.exit(0);
    });
  }

  on(event: 'close', listener: (code: number | null) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  on(event: 'close' | 'error', listener: (arg: never) => void): this {
    this.events.on(event, listener as (...args: unknown[]) => void);
    return this;
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    this.signals.push(signal);
    this.exit(signal === 'SIGKILL' ? null : 255);
    return true;
  }

  get running(): boolean {
    return !this.ended;
  }

  /** Ends the process with `code` after printing `stderr`. */
  exit(code: number | null, stderr = ''): void {
    if (this.ended) return;
    this.ended = true;
    if (stderr) this.stderr.write(stderr);
    setImmediate(() => this.events.emit('close', code));
  }

  /** A recording's list and segment pattern, from its arguments. */
  private get output(): { list: string; pattern: string } {
    return { list: this.args[this.args.indexOf('-segment_list') + 1]!, pattern: this.args.at(-1)! };
  }

  /** A recording closes a segment of `seconds`, now (created `seconds` ago, modified now) and lists it. */
  segment(seconds = 1): string {
    const { list, pattern } = this.output;
    const file = pattern.replace('%06d', String(this.segments++).padStart(6, '0'));
    this.fs.writeText(file, 'ts');
    this.fs.setMtime(file, this.clock.now());
    this.fs.births.set(file, this.clock.now() - seconds * 1000);
    const from = this.streamSeconds;
    this.streamSeconds += seconds;
    this.fs.appendText(list, `${basename(file)},${from.toFixed(6)},${this.streamSeconds.toFixed(6)}\n`);
    return file;
  }
}

export interface FakeFfmpeg {
  spawn: Spawn;
  /** Every process started, oldest first. */
  started: FakeProcess[];
  /** The recording processes (ffmpeg reading a camera), oldest first. */
  recordings(): FakeProcess[];
  /** The cuts (ffmpeg's concat demuxer), oldest first. */
  cuts(): FakeProcess[];
  /** How a cut ends: undefined writes the clip, a text fails it with that message. */
  cutFailure: string | undefined;
  /** Cuts that never end (a recorder killed while cutting). */
  cutsHang: boolean;
  /** Whether a clip holds its concat list (for a test to read); a few bytes otherwise. */
  clipsHoldLists: boolean;
  /** Whether every process is remembered (a test looks back); a soak of a week keeps only the recordings. */
  remembers: boolean;
  /** The codec a probe of a segment finds. */
  codec: string;
  /** What `powershell` or `ps` answers for a pid's command line. */
  commandLines: Map<number, string>;
}

const isCut = (args: readonly string[]) => args.includes('concat');
const isRecording = (args: readonly string[]) => args.includes('segment');

export function fakeFfmpeg(clock: FakeClock, fs: TestFs): FakeFfmpeg {
  const recordings: FakeProcess[] = [];
  const cuts: FakeProcess[] = [];
  const fake: FakeFfmpeg = {
    started: [],
    recordings: () => recordings,
    cuts: () => cuts,
    cutFailure: undefined,
    cutsHang: false,
    clipsHoldLists: true,
    remembers: true,
    codec: 'h264',
    commandLines: new Map(),
    spawn(command, args, options) {
      const process = new FakeProcess(command, args, options, clock, fs);
      if (isRecording(args)) recordings.push(process);
      if (fake.remembers || isRecording(args)) fake.started.push(process);
      if (fake.remembers && isCut(args)) cuts.push(process);
      if (isCut(args)) {
        if (fake.cutsHang) return process;
        setImmediate(() => {
          if (fake.cutFailure) return process.exit(1, fake.cutFailure);
          const output = args.at(-1)!;
          // The clip holds what it was cut from: the concat list, so a test can see which segments.
          fs.writeText(output, fake.clipsHoldLists ? fs.readText(args[args.indexOf('-i') + 1]!) : 'mp4');
          process.exit(0);
        });
      } else if (command === 'powershell.exe' || command === 'ps') {
        const pid = Number(/ProcessId=(\d+)/.exec(args.join(' '))?.[1] ?? args.at(-1));
        setImmediate(() => {
          const line = fake.commandLines.get(pid);
          if (line) process.stdout.write(`${line}\n`);
          process.exit(line ? 0 : 1);
        });
      } else if (args.includes('libx264')) {
        // A preview made from a clip's keyframes: a small file of its own.
        setImmediate(() => {
          fs.writeText(args.at(-1)!, `preview of ${args[args.indexOf('-i') + 1]}`);
          process.exit(0);
        });
      } else if (!isRecording(args)) {
        // A probe of a segment: ffmpeg describes it and asks for an output.
        setImmediate(() =>
          process.exit(
            1,
            `Input #0, mpegts, from '${args.at(-1)}':\n  Stream #0:0[0x100]: Video: ${fake.codec} (Main)\nAt least one output file must be specified\n`,
          ),
        );
      }
      return process;
    },
  };
  return fake;
}

/** A system error as Node gives it. */
export function systemError(code: string, message: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}, ${path}`), { code, path });
}

export type Fault = (call: keyof RecorderFs, path: string) => NodeJS.ErrnoException | undefined;

export type TestFs = RecorderFs & {
  fault: Fault;
  /** Files' creation times as the test sets them: the real ones follow the machine's clock, not the test's. */
  births: Map<string, number>;
};

/** The real file system, with the faults `fault` says (none by default; change it in the test). */
export function faultyFs(base: RecorderFs = realFs): TestFs {
  const wrapped = { fault: (() => undefined) as Fault, births: new Map<string, number>() } as TestFs;
  for (const key of Object.keys(base) as (keyof RecorderFs)[]) {
    (wrapped as unknown as Record<string, unknown>)[key] = (path: string, ...rest: unknown[]) => {
      const error = wrapped.fault(key, path);
      if (error) throw error;
      if (key === 'born') return wrapped.births.get(path);
      if (key === 'remove') wrapped.births.delete(path);
      return (base[key] as (...args: unknown[]) => unknown)(path, ...rest);
    };
  }
  return wrapped;
}

export interface TestPlatform extends Platform {
  clock: FakeClock;
  ffmpeg: FakeFfmpeg;
  fs: TestFs;
  /** The pids the system says run, and those it was told to kill. */
  running: Set<number>;
  killed: number[];
  /** Sends the recorder `signal` (Ctrl+C is SIGINT), as the system would. */
  signal(signal: NodeJS.Signals): void;
}

export function testPlatform(os: NodeJS.Platform = 'linux', clock: FakeClock = fakeClock(), base: RecorderFs = realFs): TestPlatform {
  const fs = faultyFs(base);
  const ffmpeg = fakeFfmpeg(clock, fs);
  const running = new Set<number>();
  const killed: number[] = [];
  const handlers = new Map<NodeJS.Signals, (() => void)[]>();
  return {
    os,
    clock,
    fs,
    ffmpeg,
    spawn: ffmpeg.spawn,
    running,
    killed,
    alive: (pid) => running.has(pid),
    kill(pid) {
      killed.push(pid);
      running.delete(pid);
    },
    onSignal: (signal, handler) => void handlers.set(signal, [...(handlers.get(signal) ?? []), handler]),
    signal(signal) {
      const waiting = handlers.get(signal) ?? [];
      handlers.delete(signal);
      for (const handler of waiting) handler();
    },
  };
}
