// Ticks forever; only a stop ends it.
for (let tick = 1; ; tick++) {
  omw.host.memorySet('tick', String(tick));
  omw.host.sleepFor(10);
}
