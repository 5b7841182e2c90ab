//! The one error type of the tasks.

/// An error the user can act on: printed as one line, exit code 2.
#[derive(Debug)]
pub struct UserError(pub String);
