// Core reaching up into a feature.
import Profile
