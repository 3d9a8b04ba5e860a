# AP_SONAME(VAR, LIBNAME, LIBS, FALLBACK)
# Finds the shared object name the linker would record for LIBS (libcrypto.so.3, say) and defines
# VAR_SONAME to it: the responder loads such libraries when first needed instead of at every start.
AC_DEFUN([AP_SONAME], [
  AC_REQUIRE([AC_PROG_SED])
  AC_CHECK_TOOL([READELF], [readelf], [:])
  AC_MSG_CHECKING([the shared object name of $2])
  ap_save_LIBS=$LIBS
  ap_save_LDFLAGS=$LDFLAGS
  LIBS="$3 $LIBS"
  LDFLAGS="$LDFLAGS -Wl,--no-as-needed"
  ap_soname=
  AC_LINK_IFELSE([AC_LANG_PROGRAM([], [])],
    [ap_soname=`$READELF -d conftest$EXEEXT 2>/dev/null | $SED -n 's/.*Shared library: .\($2\.so@<:@.0-9@:>@*\).*/\1/p' | $SED 1q`])
  LIBS=$ap_save_LIBS
  LDFLAGS=$ap_save_LDFLAGS
  test -n "$ap_soname" || ap_soname=$4
  AC_MSG_RESULT([$ap_soname])
  AC_DEFINE_UNQUOTED([$1_SONAME], ["$ap_soname"], [shared object name of $2])
])
