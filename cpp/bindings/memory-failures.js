// Linked into the module (--post-js, cmake/wasm.cmake), inside its factory: turns an allocation
// that failed inside a binding into an exception thrown once the call has returned to
// JavaScript (memory.h says why the binding itself returns normally).
//
// After the runtime has started, so once every EMSCRIPTEN_BINDINGS block has registered, each
// function and class method embind put on the module (recognised by embind's `argCount`; class
// methods are the own methods of each class's prototype) is wrapped: it calls through, then, if
// the call left a note in `pendingMemoryFailure` (memory.cpp), clears it and throws. The error is
// what the module's `memoryError(what)` makes, which the engine wrapper sets so that callers get
// its EngineMemoryError; a module used without the wrapper throws an Error of that name. The
// check is one comparison per call. Constructors are not wrapped: the wrapper sizes what they
// allocate before calling them (makeRoom in web/src/engine/engine.ts).
var pendingMemoryFailure = null;

function throwPendingMemoryFailure() {
  var what = pendingMemoryFailure;
  pendingMemoryFailure = null;
  var make = Module['memoryError'];
  if (typeof make === 'function') throw make(what);
  var error = new Error('astar-playground: not enough engine memory for ' + what);
  error.name = 'EngineMemoryError';
  throw error;
}

function guardMemoryOf(owner, name) {
  var call = owner[name];
  var guarded = function () {
    var result = call.apply(this, arguments);
    if (pendingMemoryFailure !== null) throwPendingMemoryFailure();
    return result;
  };
  guarded.argCount = call.argCount;
  owner[name] = guarded;
}

function isEmbindEntry(value) {
  return typeof value === 'function' && Object.prototype.hasOwnProperty.call(value, 'argCount');
}

addOnPostRun(function () {
  Object.keys(Module).forEach(function (key) {
    var entry = Module[key];
    if (!isEmbindEntry(entry)) return;
    if (!(entry.prototype instanceof ClassHandle)) {
      guardMemoryOf(Module, key);
      return;
    }
    var methods = entry.prototype;
    Object.getOwnPropertyNames(methods).forEach(function (name) {
      if (name !== 'constructor' && typeof methods[name] === 'function') guardMemoryOf(methods, name);
    });
    Object.getOwnPropertyNames(entry).forEach(function (name) {
      if (isEmbindEntry(entry[name])) guardMemoryOf(entry, name);
    });
  });
});
