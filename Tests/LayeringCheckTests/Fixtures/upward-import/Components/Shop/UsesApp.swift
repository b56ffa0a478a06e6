@_implementationOnly import App
