/// What the middleware derives for Tags, written by hand: the call its pages make to its require.
extension Tags {
    /// Calls `require_noteTitle`; unwired, `nil`.
    func noteTitle(_ noteId: String) -> String? {
        require_noteTitle?(noteId)
    }
}
