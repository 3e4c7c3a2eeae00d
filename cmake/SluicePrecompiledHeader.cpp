// The translation unit that precompiles SluicePrecompiledHeader.h
// (cmake/SluicePrecompiledHeaders.cmake); it compiles to nothing.
