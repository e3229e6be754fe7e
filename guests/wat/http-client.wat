;; A brain that imports wasi:http to reach the network. The wasm runtime grants no wasi:http (as
;; omw's does not), so it must refuse the component before running it.
(component
  (import "wasi:http/outgoing-handler@0.2.3" (instance
    (export "handle" (func (param "url" string) (result string)))))
  (core module $brain
    (memory (export "memory") 1)
    (func (export "cabi_realloc") (param i32 i32 i32 i32) (result i32)
      (i32.const 1024))
    (func (export "kind") (result i32)
      (i32.store (i32.const 32) (i32.const 0))
      (i32.store (i32.const 36) (i32.const 0))
      (i32.const 32))
    (func (export "run") (param i32 i32) (result i32)
      (i32.store8 (i32.const 48) (i32.const 0))
      (i32.store8 (i32.const 52) (i32.const 0))
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
