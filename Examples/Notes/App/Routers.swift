import Middleware

/// Every feature's router, in the order the app gets them ready; each feature's is in
/// `App/<Name>Router.swift`.
@MainActor
let routers: [any Router] = [NotesRouter(), TagsRouter()]
