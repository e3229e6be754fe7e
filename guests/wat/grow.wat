;; A brain that grows its memory without calling the host, 1 MiB at a time, touching every 4 KiB
;; of it so that the memory is really resident, until the memory cannot grow any more; then it
;; spins.
(component
  (core module $brain
    (memory (export "memory") 1)
    (data (i32.const 16) "grow")
    (func (export "cabi_realloc") (param i32 i32 i32 i32) (result i32)
      (i32.const 1024))
    (func (export "kind") (result i32)
      (i32.store (i32.const 32) (i32.const 16))
      (i32.store (i32.const 36) (i32.const 4))
      (i32.const 32))
    (func (export "run") (param i32 i32) (result i32)
      (local $at i32)
      (local $end i32)
      (loop $forever
        (if (i32.ne (memory.grow (i32.const 16)) (i32.const -1))
          (then
            (local.set $end (i32.shl (memory.size) (i32.const 16)))
            (local.set $at (i32.sub (local.get $end) (i32.const 1048576)))
            (loop $touch
              (i32.store (local.get $at) (local.get $at))
              (local.set $at (i32.add (local.get $at) (i32.const 4096)))
              (br_if $touch (i32.lt_u (local.get $at) (local.get $end))))))
        (br $forever))
      (i32.const 48))
    (func (export "check") (param i32 i32) (result i32)
      (i32.store8 (i32.const 64) (i32.const 0))
      (i32.const 64)))
  (core instance $brain (instantiate $brain))
  (func $kind (result string)
    (canon lift (core func $brain "kind") (memory (core memory $brain "memory"))))
  (func $run (param "script" string) (result (result (option string) (error string)))
    (canon lift (core func $brain "run") (memory (core memory $brain "memory")) (realloc (core func $brain "cabi_realloc"))))
  (func $check (param "script" string) (result (result (error string)))
    (canon lift (core func $brain "check") (memory (core memory $brain "memory")) (realloc (core func $brain "cabi_realloc"))))
  (instance $runtime
    (export "kind" (func $kind))
    (export "run" (func $run))
    (export "check" (func $check)))
  (export "omw:omw/runtime" (instance $runtime)))
