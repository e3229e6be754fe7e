;; A brain that computes forever without calling the host.
;; It misbehaves only while the agent's memory holds the key "spin" (it removes the key first), so
;; a test can seed the key, watch one iteration fail and the next one complete.
(component
  (import "omw:omw/host" (instance $host
    (export "memory-remove" (func (param "key" string) (result bool)))))
  (core module $memory
    (memory (export "memory") 1))
  (core instance $memory (instantiate $memory))
  (core func $memory_remove
    (canon lower (func $host "memory-remove") (memory (core memory $memory "memory"))))
  (core module $brain
    (import "env" "memory" (memory 1))
    (import "host" "memory-remove" (func $memory_remove (param i32 i32) (result i32)))
    (func (export "cabi_realloc") (param i32 i32 i32 i32) (result i32)
      (i32.const 1024))
    (data (i32.const 16) "spin")
    (data (i32.const 80) "spin")
    (func (export "kind") (result i32)
      (i32.store (i32.const 32) (i32.const 16))
      (i32.store (i32.const 36) (i32.const 4))
      (i32.const 32))
    (func (export "run") (param i32 i32) (result i32)
      (if (call $memory_remove (i32.const 80) (i32.const 4))
        (then (loop $forever (br $forever))))
      (i32.store8 (i32.const 48) (i32.const 0))
      (i32.store8 (i32.const 52) (i32.const 0))
      (i32.const 48))
    (func (export "check") (param i32 i32) (result i32)
      (i32.store8 (i32.const 64) (i32.const 0))
      (i32.const 64)))
  (core instance $imports (export "memory-remove" (func $memory_remove)))
  (core instance $brain (instantiate $brain
    (with "env" (instance (export "memory" (memory $memory "memory"))))
    (with "host" (instance $imports))))
  (func $kind (result string)
    (canon lift (core func $brain "kind") (memory (core memory $memory "memory"))))
  (func $run (param "script" string) (result (result (option string) (error string)))
    (canon lift (core func $brain "run") (memory (core memory $memory "memory")) (realloc (core func $brain "cabi_realloc"))))
  (func $check (param "script" string) (result (result (error string)))
    (canon lift (core func $brain "check") (memory (core memory $memory "memory")) (realloc (core func $brain "cabi_realloc"))))
  (instance $runtime
    (export "kind" (func $kind))
    (export "run" (func $run))
    (export "check" (func $check)))
  (export "omw:omw/runtime" (instance $runtime)))
