/**
 * A reader that stops early (`brainbench test | head`) closes the pipe; the next write fails with
 * EPIPE. Like any command-line tool, stop quietly then, with the status a process ended by SIGPIPE has
 * (128 + 13): nobody is left to read the rest, but the run did not finish either. A command that
 * speaks a protocol on its standard streams (`dap`, `lsp`) watches them itself and ends as its
 * protocol says: its own listener decides.
 */
export function exitQuietlyWhenOutputCloses(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const onError = (error: NodeJS.ErrnoException) => {
      if (stream.listeners('error').some((listener) => listener !== onError)) return;
      if (error.code !== 'EPIPE') throw error;
      process.exit(141);
    };
    stream.on('error', onError);
  }
}
