import Base

// import Event
/* import Event
   /* nested: import Event */
   import Event
*/
let single = "import Event"
let multi = """
    import Event
    \(single) import Event
    """
let raw = #"import Event \#(single) "quoted" import Event"#
let rawMulti = ##"""
    import Event """# still inside
    """##
let interpolated = "value: \(["import Event"].count) import Event"
let `import` = 1
struct Importer { var importer = 0; func `import`(_ value: Int) -> Int { value } }
func use(importer: Importer) -> Int { importer.import(`import`) + importer.importer }
func label(import value: Int) -> Int { value }
let labelled = label(import: 2)
let member = Importer().import(3)
