//! The `parlor` command. All logic lives in the library (`parlor_cli`), so the conformance tests
//! and `parlor check` run exactly what the command runs.

use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = parlor_cli::run(std::env::args_os(), &mut input, &mut out);
    let flushed = out.flush();
    match result {
        Ok(code) => match flushed {
            Ok(()) => code,
            // The reader stopped reading (`parlor … | head`): what it took was all it wanted.
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("parlor: cannot write output: {error}");
                ExitCode::from(1)
            }
        },
        Err(error) => error.report(),
    }
}
