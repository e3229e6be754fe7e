;; A component of the wrong world: its runtime export lacks `check`, and it imports an interface
;; that is neither omw:omw nor WASI. The runtime must refuse it before running anything.
(component
  (import "acme:net/http" (instance
    (export "fetch" (func (param "url" string) (result string)))))
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
      (i32.const 48)))
  (core instance $brain (instantiate $brain))
  (func $kind (result string)
    (canon lift (core func $brain "kind") (memory (core memory $brain "memory"))))
  (func $run (param "script" string) (result (result (option string) (error string)))
    (canon lift (core func $brain "run") (memory (core memory $brain "memory")) (realloc (core func $brain "cabi_realloc"))))
  (instance $runtime
    (export "kind" (func $kind))
    (export "run" (func $run)))
  (export "omw:omw/runtime" (instance $runtime)))
