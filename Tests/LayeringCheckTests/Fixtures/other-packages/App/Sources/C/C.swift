import A
import OrderedCollections
