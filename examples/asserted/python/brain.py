# Ticks forever; only a stop ends it.
tick = 0
while True:
    tick += 1
    omw.host.memory_set("tick", str(tick))
    omw.host.sleep_for(10)
