import FuzzTargets
import Glibc

// The fuzz executable: libFuzzer's driver, run from Swift's own main (SwiftPM links an executable's
// main under its module's name, so libFuzzer's main cannot be used). The target is named by
// CALBRIDGE_FUZZ_TARGET (Scripts/fuzz sets it), so one instrumented executable serves every reader.

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// A line on standard error, where libFuzzer writes too.
func say(_ text: String) {
    let line = Array("calbridge-fuzz: \(text)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

let name = getenv("CALBRIDGE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
guard let chosen = FuzzTarget.named(name) else {
    say("set CALBRIDGE_FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: " "))")
    exit(64)
}
let target = chosen

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let fault = target.check(bytes) {
        say("\(target.name): \(fault)")
        abort()
    }
    return 0
})
