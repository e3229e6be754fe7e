/**
 * A reader that stops early (`brainbench test | head`) closes the pipe; the next write fails with
 * EPIPE. Like any command-line tool, stop quietly then, with the status a process ended by SIGPIPE has
 * (128 + 13): nobody is left to read the rest, but the run did not finish either.
 */
export function exitQuietlyWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(141);
    });
  }
}
